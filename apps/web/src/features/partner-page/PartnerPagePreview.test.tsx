import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerPagePreview, type PreviewContent } from './PartnerPagePreview';

// Without an i18next instance the texts are their keys, which is what these tests look for.
const content: PreviewContent = {
  publicTitle: 'sport-demo',
  partnerName: 'Sportovní potřeby Demo s.r.o.',
  logoUrl: null,
  tagline: '  Vybavení na běh  ',
  description: '<p>Jsme <strong>rodinný</strong> obchod</p><script>window.hacked = true</script>',
  webUrl: 'https://www.sport-demo.cz',
  termsUrl: 'javascript:alert(1)',
  complaintsUrl: '',
  contactEmail: 'obchod@sport-demo.cz',
  contactPhone: '+420 601 123 456',
};

const show = (over: Partial<PreviewContent> = {}) =>
  render(
    <MantineProvider>
      <PartnerPagePreview content={{ ...content, ...over }} />
    </MantineProvider>,
  );

describe('the partner page preview', () => {
  it('shows the page as a shopper sees it, without code or code-running links', () => {
    show();
    expect(screen.getByTestId('preview-title').textContent).toBe('sport-demo');
    expect(screen.getByTestId('preview-tagline').textContent).toBe('Vybavení na běh');
    const description = screen.getByTestId('preview-description');
    expect(description.innerHTML).toBe('<p>Jsme <strong>rodinný</strong> obchod</p>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByTestId('preview-email').getAttribute('href')).toBe('mailto:obchod@sport-demo.cz');
    expect(screen.getByTestId('preview-phone').getAttribute('href')).toBe('tel:+420601123456');
    const web = screen.getByTestId('preview-webUrl');
    expect(web.getAttribute('href')).toBe('https://www.sport-demo.cz');
    expect(web.textContent).toBe('www.sport-demo.cz');
    expect(screen.queryByTestId('preview-termsUrl')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('stands in for what is missing: name, logo, description and contact', () => {
    show({
      publicTitle: null,
      tagline: '   ',
      description: '<p></p>',
      webUrl: '',
      termsUrl: '',
      contactEmail: '',
      contactPhone: '',
    });
    expect(screen.getByTestId('preview-title').textContent).toBe('partnerPage.preview.noTitle');
    expect(screen.getByText('partnerPage.preview.noDescription')).toBeTruthy();
    expect(screen.getByText('partnerPage.preview.noContact')).toBeTruthy();
    expect(screen.queryByTestId('preview-tagline')).toBeNull();
    // The logo's place keeps the initials of the name standing in for it.
    expect(screen.getByText('P')).toBeTruthy();
  });
});
