// Its own module so the notifier can load antd's message lazily while still importing it from 'antd'
// (the same instance the React 19 patch configures).
export { message } from 'antd';
