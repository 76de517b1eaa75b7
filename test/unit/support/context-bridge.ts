import { isPromise } from 'node:util/types';
import vm from 'node:vm';

/**
 * Electron's contextBridge between two realms, as its documentation describes it: functions are
 * proxied (their arguments copied into the callee's world, their results and errors into the
 * caller's), promises become promises of the other world, and every other value is copied and
 * frozen, losing its prototype. The preload's isolated world and the page are two node:vm
 * contexts, so the page holds only what crosses this bridge, never an object of the preload's.
 */
export function copyAcross(value: unknown, from: vm.Context, to: vm.Context): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    if (typeof value === 'symbol') throw new TypeError('An object could not be cloned.');
    return value;
  }
  if (typeof value === 'function') return proxyFunction(value as (...args: unknown[]) => unknown, from, to);
  if (isPromise(value)) return copyPromise(value, from, to);
  if (value instanceof Error || Object.prototype.toString.call(value) === '[object Error]') return copyError(value, to);
  const copy = Array.isArray(value) ? vm.runInContext('[]', to) as unknown[] : vm.runInContext('({})', to) as Record<string, unknown>;
  for (const key of Object.keys(value)) Reflect.set(copy, key, copyAcross(Reflect.get(value, key), from, to));
  return Object.freeze(copy);
}

function copyError(error: unknown, to: vm.Context): Error {
  const message = error instanceof Error ? error.message : String(Reflect.get(Object(error), 'message'));
  const ErrorInTarget = vm.runInContext('Error', to) as ErrorConstructor;
  return new ErrorInTarget(message);
}

function copyPromise(promise: Promise<unknown>, from: vm.Context, to: vm.Context): Promise<unknown> {
  const PromiseInTarget = vm.runInContext('Promise', to) as PromiseConstructor;
  return new PromiseInTarget((resolve, reject) => {
    promise.then(
      (result) => { resolve(copyAcross(result, from, to)); },
      (error: unknown) => { reject(copyError(error, to)); },
    );
  });
}

function proxyFunction(original: (...args: unknown[]) => unknown, from: vm.Context, to: vm.Context): unknown {
  const makeProxy = vm.runInContext('(call) => function () { return call(Array.from(arguments)); }', to) as (call: (args: unknown[]) => unknown) => unknown;
  return makeProxy((args) => {
    const copied = args.map((arg) => copyAcross(arg, to, from));
    let result: unknown;
    try {
      result = Reflect.apply(original, undefined, copied);
    } catch (error) {
      throw copyError(error, to);
    }
    return copyAcross(result, from, to);
  });
}
