/** Placeholder for /contact; the screens helper replaces it. */
export default function Page() {
  return <h1>contact</h1>;
}
