import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { priceListNodeInputSchema, SHOP_IDS, type ShopId } from '@pp/domain';
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { errorMessage, fieldErrors } from '../../app/api/apiError';
import { useFormat } from '../../app/i18n/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import {
  CockpitAssignPriceListMutation,
  CockpitCreatePriceListMutation,
  CockpitCreatePriceListVersionMutation,
  type CockpitPriceListVersion,
  CockpitPriceListVersionQuery,
  CockpitPriceListsQuery,
  CockpitSetPriceListNodeMutation,
  type PriceListNodeData,
} from '../price-lists/operations';
import { PriceListTree } from '../price-lists/PriceListTree';

const KEY = ['cockpitPriceLists'] as const;
const STATE_COLORS: Record<string, string> = { ACTIVE: 'teal', PLANNED: 'blue', EXPIRED: 'gray' };
const dayOf = (day: string) => new Date(`${day}T12:00:00`);

function addDays(day: Date, n: number): string {
  const d = new Date(day);
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Operators: the shops' price lists, their versions (a new one from a later day), trees and partners. */
export function PriceListsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [shopId, setShopId] = useState<ShopId>('CZ10MA');
  const [versionId, setVersionId] = useState<string | null>(null);
  const lists = useQuery({
    queryKey: [...KEY, shopId],
    queryFn: ({ signal }) => api.request(CockpitPriceListsQuery, { shopId }, { signal }),
  });
  return (
    <PageFrame
      route="cockpitPriceLists"
      actions={
        <Button
          renderRoot={(props) => <Link {...props} to="/cockpit" />}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('priceLists.cockpit.back')}
        </Button>
      }
    >
      <NativeSelect
        label={t('priceLists.cockpit.shop')}
        value={shopId}
        onChange={(e) => {
          setShopId(e.currentTarget.value as ShopId);
          setVersionId(null);
        }}
        data={SHOP_IDS.map((s) => ({ value: s, label: `${t(`markets.${s}`)} (${s})` }))}
        w={{ base: '100%', xs: 280 }}
        data-testid="price-lists-shop"
      />
      {lists.error && <ErrorAlert error={lists.error} />}
      {lists.data?.cockpitPriceLists.map((list) => (
        <Card key={list.id} withBorder padding="lg" data-testid={`cockpit-price-list-${list.id}`}>
          <Stack gap="md">
            <Title order={3} fz="lg">
              {list.name}
            </Title>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('priceLists.cockpit.validFrom')}</Table.Th>
                    <Table.Th>{t('priceLists.cockpit.validTo')}</Table.Th>
                    <Table.Th>{t('priceLists.cockpit.state')}</Table.Th>
                    <Table.Th ta="right">{t('priceLists.defaultCommission')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.versions.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td>{format.date(dayOf(v.validFrom))}</Table.Td>
                      <Table.Td>{v.validTo ? format.date(dayOf(addDays(dayOf(v.validTo), -1))) : '—'}</Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLORS[v.state] ?? 'gray'} variant="light">
                          {t(`priceLists.state.${v.state}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{format.number(v.commission)} %</Table.Td>
                      <Table.Td ta="right">
                        <Button size="compact-sm" variant="default" onClick={() => setVersionId(v.id)}>
                          {t('priceLists.cockpit.open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <NewVersionForm priceListId={list.id} onCreated={setVersionId} />
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {t('priceLists.cockpit.partners', { n: list.partners.length })}
              </Text>
              <Text size="sm" c="dimmed">
                {list.partners.map((p) => `${p.name} (${p.id})`).join(', ') || t('priceLists.cockpit.noPartners')}
              </Text>
            </Stack>
            <AssignForm priceListId={list.id} />
          </Stack>
        </Card>
      ))}
      <NewListForm shopId={shopId} onCreated={setVersionId} />
      {versionId && <VersionCard versionId={versionId} />}
    </PageFrame>
  );
}

/** A new standard list of the shop with its first version (assigned to partners afterwards). */
function NewListForm({ shopId, onCreated }: { shopId: ShopId; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [commission, setCommission] = useState<number | string>('');
  const [validFrom, setValidFrom] = useState(addDays(new Date(), 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.request(CockpitCreatePriceListMutation, {
        shopId,
        name,
        validFrom,
        commission: typeof commission === 'number' ? commission : Number.NaN,
      }),
    onSuccess: (data) => {
      setErrors({});
      setName('');
      flash.success(t('priceLists.cockpit.listCreated'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onCreated(data.cockpitCreatePriceList.version.id);
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields);
      if (!Object.keys(fields).length) flash.error(errorMessage(error, t));
    },
  });
  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (typeof commission !== 'number') {
            setErrors({ commission: t('validation.required') });
            return;
          }
          create.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('priceLists.cockpit.newList')}
          </Title>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('priceLists.cockpit.listName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              required
            />
            <NumberInput
              label={t('priceLists.defaultCommission')}
              value={commission}
              onChange={setCommission}
              min={0}
              max={100}
              decimalScale={2}
              error={errors.commission}
              required
              w={160}
            />
            <TextInput
              type="date"
              label={t('priceLists.cockpit.validFrom')}
              value={validFrom}
              onChange={(e) => setValidFrom(e.currentTarget.value)}
              error={errors.validFrom}
              required
            />
            <Button type="submit" variant="default" loading={create.isPending} leftSection={<IconPlus size={16} />}>
              {t('priceLists.cockpit.createList')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function NewVersionForm({ priceListId, onCreated }: { priceListId: string; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tomorrow = addDays(new Date(), 1);
  const [validFrom, setValidFrom] = useState(tomorrow);
  const [commission, setCommission] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: () =>
      api.request(CockpitCreatePriceListVersionMutation, {
        priceListId,
        validFrom,
        commission: typeof commission === 'number' ? commission : null,
      }),
    onSuccess: (data) => {
      setErrors({});
      flash.success(t('priceLists.cockpit.created'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onCreated(data.cockpitCreatePriceListVersion.version.id);
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields);
      if (!Object.keys(fields).length) flash.error(errorMessage(error, t));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label={t('priceLists.cockpit.newVersionFrom')}
          description={t('priceLists.cockpit.newVersionHint')}
          value={validFrom}
          min={tomorrow}
          onChange={(e) => setValidFrom(e.currentTarget.value)}
          error={errors.validFrom}
          required
        />
        <NumberInput
          label={t('priceLists.defaultCommission')}
          value={commission}
          onChange={setCommission}
          min={0}
          max={100}
          decimalScale={2}
          suffix=" %"
          error={errors.commission}
          w={160}
        />
        <Button type="submit" loading={create.isPending} leftSection={<IconPlus size={16} />}>
          {t('priceLists.cockpit.newVersion')}
        </Button>
      </Group>
    </form>
  );
}

function AssignForm({ priceListId }: { priceListId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [partnerId, setPartnerId] = useState('');
  const [validFrom, setValidFrom] = useState(addDays(new Date(), 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useMutation({
    mutationFn: () => api.request(CockpitAssignPriceListMutation, { partnerId, priceListId, validFrom }),
    onSuccess: () => {
      setErrors({});
      setPartnerId('');
      flash.success(t('priceLists.cockpit.assigned'));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields);
      if (!Object.keys(fields).length) flash.error(errorMessage(error, t));
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        assign.mutate();
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('priceLists.cockpit.partnerId')}
          value={partnerId}
          onChange={(e) => setPartnerId(e.currentTarget.value.replace(/\D/g, ''))}
          error={errors.partnerId ?? errors.priceListId}
          inputMode="numeric"
          required
          w={160}
        />
        <TextInput
          type="date"
          label={t('priceLists.cockpit.assignFrom')}
          value={validFrom}
          onChange={(e) => setValidFrom(e.currentTarget.value)}
          error={errors.validFrom}
          required
        />
        <Button type="submit" variant="default" loading={assign.isPending} disabled={!partnerId}>
          {t('priceLists.cockpit.assign')}
        </Button>
      </Group>
    </form>
  );
}

function VersionCard({ versionId }: { versionId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [editing, setEditing] = useState<PriceListNodeData | null>(null);
  const version = useQuery({
    queryKey: [...KEY, 'version', versionId],
    queryFn: ({ signal }) => api.request(CockpitPriceListVersionQuery, { id: versionId }, { signal }),
  });
  if (version.error) return <ErrorAlert error={version.error} />;
  const data = version.data?.cockpitPriceListVersion;
  if (!data) return null;
  const planned = data.version.state === 'PLANNED';
  return (
    <Card withBorder padding="lg" data-testid="cockpit-price-list-version">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="lg">
            {data.version.name} · {format.date(dayOf(data.version.validFrom))}
          </Title>
          <Badge color={STATE_COLORS[data.version.state] ?? 'gray'} variant="light">
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
      queryClient.setQueryData([...KEY, 'version', versionId], {
        cockpitPriceListVersion: data.cockpitSetPriceListNode,
      } satisfies { cockpitPriceListVersion: CockpitPriceListVersion });
      flash.success(t('priceLists.cockpit.saved'));
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrors(error, t);
      setErrors(fields);
      if (!Object.keys(fields).length) flash.error(errorMessage(error, t));
    },
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
