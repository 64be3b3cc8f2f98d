import type { GuardContext, GuardDefinition, GuardName, GuardResult } from './guard-types';

/** Named guards, evaluated in the order a route lists them; the first that does not allow wins. */
export class GuardRegistry {
  private readonly guards = new Map<GuardName, GuardDefinition>();

  constructor(definitions: GuardDefinition[] = []) {
    definitions.forEach((d) => this.register(d));
  }

  register(definition: GuardDefinition): void {
    if (this.guards.has(definition.name)) throw new Error(`Guard "${definition.name}" is registered twice`);
    this.guards.set(definition.name, definition);
  }

  has(name: GuardName): boolean {
    return this.guards.has(name);
  }

  evaluate(names: GuardName[], context: GuardContext): GuardResult {
    for (const name of names) {
      const guard = this.guards.get(name);
      if (!guard) throw new Error(`Unknown guard "${name}"`);
      const result = guard.check(context);
      if (!('allow' in result)) return result;
    }
    return { allow: true };
  }
}
