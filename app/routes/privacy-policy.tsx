/** Placeholder for /privacy-policy; the screens helper replaces it. */
export default function Page() {
  return <h1>privacy-policy</h1>;
}
