/** Placeholder for /about; the screens helper replaces it. */
export default function Page() {
  return <h1>about</h1>;
}
