/** The folder a run's own temporary folder goes in: a RAM disk with room, else the system's. */
export function baseFolder(): string;
