// Its own module so the notifier can load antd's message lazily; without the React 19 patch (stack.md) antd's
// static message renders nothing, and a toast can come before any antd theme has loaded.
import '@ant-design/v5-patch-for-react-19';
export { message } from 'antd';
