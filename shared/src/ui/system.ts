import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Quarry's brand palette (a slate-teal); use it as `colorPalette="brand"`. */
const brand = {
  50: { value: '#e8f6f5' },
  100: { value: '#c6e9e6' },
  200: { value: '#9dd8d3' },
  300: { value: '#6cc2bb' },
  400: { value: '#3fa9a1' },
  500: { value: '#228f88' },
  600: { value: '#1a746f' },
  700: { value: '#165d59' },
  800: { value: '#134a47' },
  900: { value: '#103d3b' },
  950: { value: '#082322' },
};

const config = defineConfig({
  theme: {
    tokens: {
      colors: { brand },
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
        },
      },
    },
  },
});

/** THE theme of every Quarry app (one ChakraProvider, in the shell or a standalone harness). */
export const system = createSystem(defaultConfig, config);
