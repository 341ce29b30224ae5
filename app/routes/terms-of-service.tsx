/** Placeholder for /terms-of-service; the screens helper replaces it. */
export default function Page() {
  return <h1>terms-of-service</h1>;
}
