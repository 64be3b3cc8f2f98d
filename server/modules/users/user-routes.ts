import { UpdateUserBody, UserResponse } from '../../../contract/v1/user';
import type { App, Authenticate } from '../../http/types';
import type { Services } from '../../services';
import { USER_MESSAGES, UserService } from './user-service';

const tags = ['User'];
const security = [{ bearerAuth: [] }];

export function registerUserRoutes(app: App, services: Services, authenticate: Authenticate): void {
  const usersService = new UserService(services);

  app.get('/v1/user', { preHandler: authenticate, schema: { tags, security, response: { 200: UserResponse } } }, async (request) => ({
    data: { userInfo: await usersService.profile(request.auth) },
    msg: USER_MESSAGES.fetched,
  }));

  app.patch(
    '/v1/user',
    { preHandler: authenticate, schema: { tags, security, body: UpdateUserBody, response: { 200: UserResponse } } },
    async (request) => ({
      data: { userInfo: await usersService.update(request.auth, request.body, request) },
      msg: USER_MESSAGES.updated,
    }),
  );
}
