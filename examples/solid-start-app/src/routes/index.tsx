export default function Home() {
  return (
    <main>
      <h1>Welcome</h1>
      <p>
        This page is public. <a href="/account">Your account</a> is not.
      </p>
    </main>
  );
}
