import { type CSSVariablesResolver, Modal, TableScrollContainer, createTheme, defaultVariantColorsResolver } from '@mantine/core';

/**
 * Mantine's defaults, adjusted where they fall below WCAG 2.1 AA (4.5:1 for normal text; checked by axe-core
 * on every page in the browser specs):
 * - filled controls use shade 9 (white on the default blue shade 6 is 3.6:1, on red 8 just under 4.5:1);
 * - light badges, alerts and buttons write in gray 9 on their tint instead of the colour's shade 6 (green 6
 *   on its tint is about 2:1; even shade 9 of yellow or orange stays below 4.5:1): the tint carries the colour;
 * - "dimmed" text and table captions use gray 7 instead of gray 6 (3.3:1);
 * - every dialog's close button has a name;
 * - a table that scrolls sideways (a narrow screen) can be focused and scrolled with the keyboard.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 9,
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  // Operators who asked their system for less motion get dialogs and menus without animation.
  respectReducedMotion: true,
  variantColorResolver: (input) => {
    const colors = defaultVariantColorsResolver(input);
    return input.variant === 'light' ? { ...colors, color: 'var(--mantine-color-gray-9)' } : colors;
  },
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close the dialog' } } }),
    TableScrollContainer: TableScrollContainer.extend({ defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
