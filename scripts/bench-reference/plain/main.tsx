/**
 * Benchmark reference (scripts/bench-web.ts): the floor of a client-rendered login page. React 19 and a form of
 * plain elements, no other library, no request before first paint. Not part of the portal.
 */
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import './plain.css';

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <main className="login">
      <h1>Log in to your account</h1>
      <form onSubmit={submit} noValidate>
        <label htmlFor="email">Email</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={sent}>
          Login
        </button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<LoginForm />);
