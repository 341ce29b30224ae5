/** Placeholder for /lawyer; the screens helper replaces it. */
export default function Page() {
  return <h1>lawyer</h1>;
}
