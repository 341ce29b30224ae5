/** Home page placeholder. */
export default function Home() {
  return <h1>Find Personal Injury Lawyers Worldwide</h1>;
}
