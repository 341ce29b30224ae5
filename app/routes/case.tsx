/** Placeholder until its issue builds this screen; answers 404. */
import { data } from "react-router";

/** Not built yet: 404. */
export function loader() {
  throw data({ message: "Not found" }, { status: 404 });
}

/** Never rendered (the loader throws). */
export default function Placeholder() {
  return null;
}
