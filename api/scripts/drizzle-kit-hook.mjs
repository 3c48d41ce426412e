// Registered by drizzle-kit.mjs: resolve `drizzle-orm` imports from api/node_modules.
import { register } from 'node:module';

const apiPackageJson = new URL('../package.json', import.meta.url).href;
const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL: ${JSON.stringify(apiPackageJson)} });
  }
  return next(specifier, context);
}`;
register('data:text/javascript,' + encodeURIComponent(hooks));
