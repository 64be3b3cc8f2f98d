/**
 * Benchmark reference (scripts/bench-web.ts): a naive antd login page. The same form as ../plain with antd's
 * `Form`, `Input` (its `Password`) and `Button`, nothing else (no ConfigProvider, no router, no i18n), styles
 * generated at run time as antd does by default. Not part of the portal.
 */
import { Button, Form, Input } from 'antd';
import { createRoot } from 'react-dom/client';

interface Credentials {
  email: string;
  password: string;
}

function LoginForm() {
  return (
    <main
      style={{
        maxWidth: 360,
        margin: '10vh auto',
        padding: '32px 24px',
        background: '#fff',
        borderRadius: 8,
      }}
    >
      <h1 style={{ fontSize: 24, margin: '0 0 24px' }}>Log in to your account</h1>
      <Form<Credentials> layout="vertical" onFinish={() => undefined}>
        <Form.Item label="Email" name="email" rules={[{ required: true, type: 'email' }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Login
        </Button>
      </Form>
    </main>
  );
}

document.body.style.cssText = 'margin:0;background:#f5f5f5';
createRoot(document.getElementById('root')!).render(<LoginForm />);
