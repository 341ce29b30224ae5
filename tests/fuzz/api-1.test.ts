/**
 * Issue 27 "a fuzzer in `npm test`": the first half of the API's operations (tests/fuzz/suites.ts).
 */
import { fuzzApiShard } from "./suites.ts";

fuzzApiShard(0, 2);
