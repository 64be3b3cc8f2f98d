import { createPortalContainer, inject, injectable, token } from './container';

/** A service the lazy class depends on, resolved by constructor injection once the class arrives. */
interface Greeting {
  word: string;
}
const Greeting = token<Greeting>('test.greeting');

@injectable()
class HttpGreeter {
  static created = 0;
  constructor(@inject(Greeting) private readonly greeting: Greeting) {
    HttpGreeter.created += 1;
  }
  async greet(name: string): Promise<string> {
    return `${this.greeting.word}, ${name}`;
  }
}
type Greeter = Pick<HttpGreeter, keyof HttpGreeter>;
const Greeter = token<Greeter>('test.greeter');

describe('lazySingleton', () => {
  it('loads the class with the first call only, injects it, and shares one instance', async () => {
    const container = createPortalContainer();
    container.constant(Greeting, { word: 'Hello' });
    let loads = 0;
    container.lazySingleton(Greeter, async () => {
      loads += 1;
      return HttpGreeter;
    });

    const greeter = container.get(Greeter);
    expect(loads).toBe(0);
    HttpGreeter.created = 0;
    await expect(Promise.all([greeter.greet('Ada'), greeter.greet('Bob')])).resolves.toEqual(['Hello, Ada', 'Hello, Bob']);
    expect(loads).toBe(1);
    expect(HttpGreeter.created).toBe(1);
    // Not a thenable: awaiting the service itself gives the service, not a call.
    expect(await Promise.resolve(greeter)).toBe(greeter);
  });

  it('tries the load again after a failed one (a chunk that did not arrive)', async () => {
    const container = createPortalContainer();
    container.constant(Greeting, { word: 'Hi' });
    let attempts = 0;
    container.lazySingleton(Greeter, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return HttpGreeter;
    });
    const greeter = container.get(Greeter);
    await expect(greeter.greet('Ada')).rejects.toThrow('Failed to fetch');
    await expect(greeter.greet('Ada')).resolves.toBe('Hi, Ada');
  });
});
