import { endpoints } from '../../../contract/v1/endpoints';
import { contractRouter } from '../../http/contract-route';
import { defineServerModule } from '../server-module';
import { usersSeed } from './seed';
import { USER_MESSAGES, UserService } from './user-service';

/** The signed-in user's profile. Owns the `users` table every other feature points to. */
export default defineServerModule({
  name: 'users',
  needs: ['db', 'clock', 'audit', 'i18n', 'links', 'mailer', 'recentAuth', 'authenticate'],
  seed: usersSeed,
  plugin: async (app, { authenticate, ...services }) => {
    const usersService = new UserService(services);
    const route = contractRouter(app, authenticate);

    route(endpoints.user, async (request) => ({
      data: { userInfo: await usersService.profile(request.auth) },
      msg: USER_MESSAGES.fetched,
    }));

    route(endpoints.updateUser, async (request) => ({
      data: { userInfo: await usersService.update(request.auth, request.body, request) },
      msg: USER_MESSAGES.updated,
    }));
  },
});
