// Types of the jest-dom matchers installed by the jsdom setup file (scripts/jest.setup.jsdom.cjs).
import '@testing-library/jest-dom';
