// `@quarry/shared/testing`: the one test kit of every app (never imported by app code).
export { startFakeApi, MemoryStorage, type FakeApi, type FakeHandler, type FakeRequest, type FakeResponse } from './fakeApi';
export { renderUi } from './render';
export { renderRoute, createTestQueryClient, signInForTests, signOutForTests, TEST_USER, type RenderRouteOptions } from './renderRoute';
export { setupFakeApiRoutes, type FakeApiRoutes, type FakeCall, type FakeRoute, type FakeRoutes, type ServeOptions } from './fakeApiRoutes';
export { callsAnswered } from './callsAnswered';
export { quietActWarnings } from './quietActWarnings';
