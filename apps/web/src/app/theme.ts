import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { getI18n } from 'react-i18next';

/** Mantine's palette with some shades replaced (index → colour). */
function palette(name: string, shades: Record<number, string>): MantineColorsTuple {
  return (DEFAULT_THEME.colors[name] ?? []).map(
    (shade, index) => shades[index] ?? shade,
  ) as unknown as MantineColorsTuple;
}

/**
 * WCAG 2.2 AA (1.4.3): text needs 4.5:1 against what is behind it. In Mantine 9 a `filled` component is
 * shade 7 of its colour with white text (primaryShade 7), a `light` one is shade 9 text on shade 1, dimmed
 * text is gray-6 and error text red-6. Mantine's stock shades miss 4.5:1 in many of those places: white on
 * teal-7 #0ca678 is 3.12:1, dimmed #868e96 is 3.32:1 on white and 3.15:1 on the gray-0 page, error red-6
 * #fa5252 3.28:1, yellow-9 on yellow-1 2.69:1. Darker replacements, with their contrast ratios (WCAG
 * relative luminance; W = white #ffffff, G0 = gray-0 #f8f9fa page background, T0 = teal-0 #e6fcf5 top of
 * the public pages, G1 = gray-1 #f1f3f5, "on 1" = the colour's own shade 1, the light variant's background):
 *
 *   teal-7   #09704f  primary: buttons (white text), links       W 6.10  G0 5.79  T0 5.70  G1 5.48
 *                     links inside light alerts: on red-1 5.04, yellow-1 5.47, orange-1 5.13, green-1 5.32,
 *                     blue-1 4.94, teal-1 5.28
 *   teal-8   #076045  primary hover, Mantine's "success" text   W 7.59
 *   teal-9   #054e38  light variant text (active nav item)     on 1 (#c3fae8) 8.43  W 9.75
 *   gray-6   #666e77  dimmed captions                          W 5.17  G0 4.90  T0 4.83  G1 4.65
 *   red-6    #d3302f  field error messages                     W 4.96  G0 4.71
 *   red-7/8  #c92a2a #b72424  filled / hover                   W 5.46 / 6.38
 *   red-9    #a61e1e  light variant text                       on 1 (#ffe3e3) 6.14
 *   orange-6 #c2410c  impersonation banner background          W 5.18
 *   orange-7/8 #b23c0a #9a340a                                 W 5.93 / 7.32
 *   orange-9 #872d09                                           on 1 (#ffe8cc) 7.33
 *   green-7/8 #298339 #237532                                  W 4.77 / 5.73
 *   green-9  #21692f                                           on 1 (#d3f9d8) 5.86
 *   yellow-7/8 #9e6700 #945600                                 W 4.78 / 5.85
 *   yellow-9 #8d4900                                           on 1 (#fff3bf) 6.10
 *   blue-7/8 #1a75c6 #1768b2                                   W 4.77 / 5.74
 *   blue-9   #165da0                                           on 1 (#d0ebff) 5.47
 *   cyan-7/8 #0d7d8f #0a6e7f                                   W 4.83 / 5.92
 *   cyan-9   #096272                                           on 1 (#c5f6fa) 5.98
 *   lime-7/8 #507f0f #44700a                                   W 4.79 / 5.89
 *   lime-9   #3f6509                                           on 1 (#e9fac8) 6.17
 *
 * Untouched: dark, gray-7…9, pink, grape, violet, indigo already pass (filled ≥ 4.6, light ≥ 5.3).
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  colors: {
    teal: palette('teal', { 7: '#09704f', 8: '#076045', 9: '#054e38' }),
    gray: palette('gray', { 6: '#666e77' }),
    red: palette('red', { 6: '#d3302f', 7: '#c92a2a', 8: '#b72424', 9: '#a61e1e' }),
    orange: palette('orange', { 6: '#c2410c', 7: '#b23c0a', 8: '#9a340a', 9: '#872d09' }),
    green: palette('green', { 7: '#298339', 8: '#237532', 9: '#21692f' }),
    yellow: palette('yellow', { 7: '#9e6700', 8: '#945600', 9: '#8d4900' }),
    blue: palette('blue', { 7: '#1a75c6', 8: '#1768b2', 9: '#165da0' }),
    cyan: palette('cyan', { 7: '#0d7d8f', 8: '#0a6e7f', 9: '#096272' }),
    lime: palette('lime', { 7: '#507f0f', 8: '#44700a', 9: '#3f6509' }),
  },
  other: { errorColor: 'red', successColor: 'green' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // WCAG 2.1.1: the show-password button is reachable with Tab (Mantine leaves it out of the tab order).
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } },
    // WCAG 1.4.3: a file input's "choose a file" is text on the page (not an input's placeholder, which axe
    // leaves alone), and Mantine's placeholder gray-5 is 2.1:1 on white: the dimmed gray-6 instead (5.17:1).
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-gray-6)' } } },
    // WCAG 4.1.2: the icon-only first/previous/next/last buttons get names, in the language shown now.
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
          'aria-label': getI18n()?.t(`layout.pagination.${control}`) ?? control,
        }),
      },
    },
  },
});
