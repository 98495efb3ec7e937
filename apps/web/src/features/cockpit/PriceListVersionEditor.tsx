import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { priceListNodeInputSchema } from '@pp/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import {
  type CockpitPriceListVersion,
  CockpitPriceListVersionQuery,
  CockpitSetPriceListNodeMutation,
  type PriceListNodeData,
} from '../price-lists/operations';
import { PriceListTree } from '../price-lists/PriceListTree';
import { dayOf, PRICE_LISTS_KEY, STATE_COLORS, showFormError } from './priceListsShared';

/** One version's tree: read-only once its first day has come, node by node editable while planned. */
export function PriceListVersionEditor({ versionId }: { versionId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<PriceListNodeData | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const version = useQuery({
    queryKey: [...PRICE_LISTS_KEY, 'version', versionId],
    queryFn: ({ signal }) => api.request(CockpitPriceListVersionQuery, { id: versionId }, { signal }),
  });
  const data = version.data?.cockpitPriceListVersion;
  const loaded = Boolean(data);
  // Opened (one editor per version: the page keys it by the id), the version takes the focus, which brings
  // it into view: the button that opened it may be far above it.
  useEffect(() => {
    if (loaded) titleRef.current?.focus();
  }, [loaded]);
  if (version.error) return <ErrorAlert error={version.error} />;
  if (!data) return null;
  const planned = data.version.state === 'PLANNED';
  return (
    <Card withBorder padding="lg" data-testid="cockpit-price-list-version">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg" ref={titleRef} tabIndex={-1}>
            {data.version.name} · {format.date(dayOf(data.version.validFrom))}
          </Title>
          <Badge
            color={STATE_COLORS[data.version.state] ?? 'gray'}
            variant="light"
            data-testid="cockpit-price-list-version-state"
          >
            {t(`priceLists.state.${data.version.state}`)}
          </Badge>
        </Group>
        {!planned && <Alert color="gray">{t('priceLists.cockpit.locked')}</Alert>}
        <PriceListTree tree={data.tree} onEdit={planned ? setEditing : undefined} />
      </Stack>
      {editing && <NodeModal versionId={versionId} node={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

interface BrandDraft {
  brandId: string;
  commission: number | string;
}

/** A node's own commission (empty: inherited) and its brand exceptions, checked before they are sent. */
function NodeModal({ versionId, node, onClose }: { versionId: string; node: PriceListNodeData; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [commission, setCommission] = useState<number | string>(node.commission ?? '');
  const [brands, setBrands] = useState<BrandDraft[]>(
    node.brands.map((b) => ({ brandId: b.brandId, commission: b.commission })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const input = () => ({
    versionId,
    categoryId: node.id,
    commission: typeof commission === 'number' ? commission : null,
    brands: brands.map((b) => ({
      brandId: b.brandId.trim().toUpperCase(),
      commission: typeof b.commission === 'number' ? b.commission : Number.NaN,
    })),
  });
  const save = useMutation({
    mutationFn: () => api.request(CockpitSetPriceListNodeMutation, input()),
    onSuccess: (data) => {
      queryClient.setQueryData([...PRICE_LISTS_KEY, 'version', versionId], {
        cockpitPriceListVersion: data.cockpitSetPriceListNode,
      } satisfies { cockpitPriceListVersion: CockpitPriceListVersion });
      flash.success(t('priceLists.cockpit.saved'));
      onClose();
    },
    onError: (error) => showFormError(error, t, setErrors),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = priceListNodeInputSchema.safeParse(input());
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= t(`validation.${issue.message}`);
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={t('priceLists.cockpit.editNode', { name: node.name })}>
      <form onSubmit={submit} noValidate data-testid="price-list-node-form">
        <Stack gap="sm">
          <NumberInput
            label={t('priceLists.cockpit.nodeCommission')}
            description={t('priceLists.cockpit.nodeCommissionHint')}
            value={commission}
            onChange={setCommission}
            min={0}
            max={100}
            decimalScale={2}
            error={errors.commission}
          />
          <Text size="sm" fw={600}>
            {t('priceLists.brandExceptions')}
          </Text>
          {brands.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id until saved
            <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label={t('priceLists.cockpit.brandId')}
                value={b.brandId}
                onChange={(e) => {
                  const brandId = e.currentTarget.value;
                  setBrands((all) => all.map((x, j) => (j === i ? { ...x, brandId } : x)));
                }}
                error={errors[`brands.${i}.brandId`]}
                style={{ flex: 1 }}
              />
              <NumberInput
                label={t('priceLists.cockpit.brandCommission')}
                value={b.commission}
                onChange={(value) => setBrands((all) => all.map((x, j) => (j === i ? { ...x, commission: value } : x)))}
                min={0}
                max={100}
                decimalScale={2}
                error={errors[`brands.${i}.commission`]}
                w={120}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                onClick={() => setBrands((all) => all.filter((_, j) => j !== i))}
                aria-label={t('priceLists.cockpit.removeBrand')}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setBrands((all) => [...all, { brandId: '', commission: '' }])}
          >
            {t('priceLists.cockpit.addBrand')}
          </Button>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('priceLists.cockpit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
