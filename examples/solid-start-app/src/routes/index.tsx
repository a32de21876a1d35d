export default function Home() {
  return (
    <main>
      <h1>Welcome</h1>
      <p>
        This page is public. <a href="/account">Your account</a> is not.
      </p>
      <p>
        {/* Auth pages are API routes: rel="external" makes the router load them in full. */}
        <a href="/api/auth/signin" rel="external">
          Sign in
        </a>
      </p>
    </main>
  );
}
