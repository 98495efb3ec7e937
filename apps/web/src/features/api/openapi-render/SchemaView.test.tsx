import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, OpenApiDocument } from './model';
import { SchemaView } from './SchemaView';

// Without an i18next instance the texts are their keys, which is what these tests look for.

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Node: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          items: {
            type: 'array',
            items: {
              anyOf: [
                { $ref: '#/components/schemas/Node' },
                { type: 'object', properties: { menuItemId: { type: 'integer' } }, required: ['menuItemId'] },
              ],
            },
          },
        },
        required: ['title', 'items'],
      },
    },
  },
};

function show(schema: JsonSchema) {
  return render(
    <MantineProvider>
      <SchemaView document={DOCUMENT} schema={schema} />
    </MantineProvider>,
  );
}

/** The rows of the properties, as "name required|optional type …" texts. */
const rows = () => screen.getAllByTestId('schema-property').map((row) => row.textContent ?? '');

describe('a schema rendered readably', () => {
  it('lists an object’s members with their required marks, types, allowed values and limits, nested', () => {
    show({
      type: 'object',
      properties: {
        order_id: { type: 'string', maxLength: 30 },
        package_size: { type: 'string', enum: ['smallbox', 'bigbox'] },
        tracking: {
          type: ['object', 'null'],
          properties: { number: { type: 'string' }, url: { type: ['string', 'null'] } },
          required: ['number'],
        },
      },
      required: ['order_id'],
    });
    const [orderId, packageSize, tracking, number, url] = rows();
    expect(orderId).toContain('order_id');
    expect(orderId).toContain('api.docs.schema.required');
    expect(orderId).toContain('≤ 30');
    expect(packageSize).toContain('api.docs.schema.optional');
    expect(packageSize).toContain('"smallbox"');
    expect(packageSize).toContain('"bigbox"');
    expect(tracking).toContain('object | null');
    // The nested members sit inside their parent's row.
    const trackingRow = screen.getAllByTestId('schema-property')[2]!;
    expect(within(trackingRow).getAllByTestId('schema-property')).toHaveLength(2);
    expect(number).toContain('api.docs.schema.required');
    expect(url).toContain('string | null');
  });

  it('opens a list’s items and the variants of anyOf', () => {
    show({
      anyOf: [
        { type: 'array', items: { type: 'integer' } },
        { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
      ],
    });
    expect(screen.getByText('integer[] | object[]')).toBeTruthy();
    expect(screen.getAllByText('api.docs.schema.variant')).toHaveLength(2);
    expect(screen.getByText('api.docs.schema.eachItem')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toContain('id');
  });

  it('shows a recursive structure once and then names it, instead of opening it forever', () => {
    show({ type: 'array', items: { $ref: '#/components/schemas/Node' } });
    expect(screen.getAllByText('api.docs.schema.recursive')).toHaveLength(1);
    expect(rows().filter((row) => row.startsWith('menuItemId'))).toHaveLength(1);
  });
});
