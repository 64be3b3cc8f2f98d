import { createRoot } from 'react-dom/client';
import './global.css';
import { startPortal } from './boot';

void startPortal(createRoot(document.getElementById('root')!));
