/**
 * Issue 27 "a fuzzer in `npm test`": part 2 of 2 of the pages of app/routes.ts (tests/fuzz/suites.ts).
 */
import { fuzzPagesShard } from "./suites.ts";

fuzzPagesShard(1, 2);
