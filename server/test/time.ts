export const hours = (n: number) => n * 3600_000;
