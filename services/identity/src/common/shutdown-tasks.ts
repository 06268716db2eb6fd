import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * Work started outside the module (main.ts's mail worker) that must stop with it: run before the providers close,
 * on app.close() and on the SIGTERM/SIGINT that createMicroservice's shutdown hooks handle.
 */
@Injectable()
export class ShutdownTasks implements BeforeApplicationShutdown {
  private tasks: Array<() => Promise<void>> = [];

  add(task: () => Promise<void>): void {
    this.tasks.push(task);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const tasks = this.tasks.splice(0);
    await Promise.all(tasks.map((t) => t()));
  }
}
