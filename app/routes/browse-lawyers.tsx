/** Placeholder for /browse-lawyers; the screens helper replaces it. */
export default function Page() {
  return <h1>browse-lawyers</h1>;
}
