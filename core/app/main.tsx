// Must come first: without it antd's static message renders nothing under React 19 (stack.md).
import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import './global.css';
import { startPortal } from './boot';

void startPortal(createRoot(document.getElementById('root')!));
