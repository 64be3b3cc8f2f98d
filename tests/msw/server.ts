import { setupServer } from 'msw/node';

/** One MSW server for every web test; tests add handlers with `server.use(...)`. */
export const server = setupServer();
