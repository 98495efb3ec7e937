import { describe, expect, it } from 'vitest';
import { LoginMutation } from '../features/auth/operations';
import { DashboardQuery } from '../features/home/operations';
import { documentText } from './graphql';

describe('document text sent to the server', () => {
  it('carries every fragment once and no client-only directive', () => {
    const text = documentText(LoginMutation);
    expect(text).not.toContain('@_unmask');
    expect(text.match(/fragment SessionFields/g)).toHaveLength(1);
    expect(text.match(/fragment PartnerSummaryFields/g)).toHaveLength(1);
    expect(documentText(DashboardQuery)).toContain('fragment PartnerSummaryFields on PartnerSummary');
  });
});
