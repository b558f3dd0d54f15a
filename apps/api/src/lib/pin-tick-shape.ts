// Keeps one of Node's own process.nextTick objects alive for the life of the server (imported first by server.ts).
import { createHook } from 'node:async_hooks';

/*
 * Why: Node's stream code calls process.nextTick a few times for every HTTP answer, and nextTick builds each
 * queued tick as an object literal with computed (symbol) keys. Tick objects die at once, so a full garbage
 * collection finds no object of their hidden class and V8 drops it; the next tick gets a new one. Start-up (loading
 * the modules, migrations, the demo seed) runs several full collections, and after four new classes V8 marks
 * nextTick's property stores megamorphic for good: every tick after that takes V8's runtime, about a tenth of the
 * server's CPU on /healthz (docs/performance.md, "API overhead"). One live tick object keeps the class alive, so
 * the stores stay monomorphic. In the build it runs once the modules have loaded (the bundler puts its chunks'
 * imports first), before migrations and the seed: measured enough, as is 40 forced collections during boot.
 * createHook's init hook is the only public way to see a tick object; it is on for the one call below and off
 * again before anything else runs, so ticks pay for no hooks afterwards.
 */
// Module scope keeps it alive as long as the process runs.
let pinned: object | undefined;
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') pinned ??= resource;
  },
});
hook.enable();
process.nextTick(() => {});
hook.disable();
