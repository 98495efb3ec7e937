import {
  type FieldIssue,
  isShopId,
  MARKETS,
  parseDecimal,
  type ShopId,
  VAT_RATES,
  variantStructureChanged,
} from '@pp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api/api';
import { ApiError, errorMessage } from '../../app/api/apiError';
import { canAccess } from '../../app/session/access';
import { usePermission } from '../../app/session/permission';
import { useSession } from '../../app/session/session';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { flash } from '../../ui/flash';
import { PageFrame } from '../../ui/PageFrame';
import { PermissionGate } from '../../ui/PermissionGate';
import { focusFirstInvalid } from '../../ui/useFormFields';
import { categoryDetailQuery } from '../catalog/operations';
import { BasicTab } from './detail/BasicTab';
import { CategoryTab } from './detail/CategoryTab';
import {
  builtStructure,
  categoryRulesOf,
  checkForm,
  type DetailTab,
  emptyForm,
  firstPerField,
  formFromProduct,
  type ProductForm,
  regenerateVariants,
  tabOfField,
  toProductInput,
  variantParametersOf,
} from './detail/formState';
import { type ProductDetail, ProductDetailQuery, type ProductInputVariables } from './detail/operations';
import { ParametersTab } from './detail/ParametersTab';
import { RelatedProductsTab } from './detail/RelatedProductsTab';
import { useMediaFetchLive, withFetchFacts } from './detail/remoteMedia';
import { PriceConfirmationNeeded, saveProduct } from './detail/saveProduct';
import { UnsavedChangesGuard } from '../../ui/UnsavedChanges';
import { VariantsTab } from './detail/VariantsTab';
import { PriceHistorySection } from './PriceHistorySection';

const TABS: readonly DetailTab[] = ['basic', 'category', 'parameters', 'related', 'variants'];

const priceOf = (text: string): number | null => {
  const n = parseDecimal(text);
  return n === null || Number.isNaN(n) ? null : n;
};

function shopOf(shopId: string | undefined): ShopId {
  return shopId && isShopId(shopId) ? shopId : 'CZ10MA';
}

/**
 * The product detail, `products/detail/{id?}` (spec §2): create a product, or edit one, in five tabs. Every
 * rule is shown before sending (the domain's check, the same the server runs); what the server still
 * refuses lands on the same fields.
 */
export function ProductDetailPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const { t } = useTranslation();
  const session = useSession();
  const shopId = shopOf(session.selectedPartner?.shopId);
  const query = useQuery({
    queryKey: ['product', id],
    queryFn: ({ signal }) => api.request(ProductDetailQuery, { id: id ?? '' }, { signal }).then((r) => r.product),
    enabled: !!id,
  });
  const back = (
    <Anchor component={Link} to="/products" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('products.detail.back')}
      </Group>
    </Anchor>
  );

  if (id && query.isError) {
    return (
      <PageFrame route="productDetail">
        {back}
        <ErrorAlert error={query.error} />
      </PageFrame>
    );
  }
  if (id && query.isPending) {
    return (
      <PageFrame route="productDetail">
        <Skeleton h={48} radius="md" />
        <Skeleton h={360} radius="md" />
      </PageFrame>
    );
  }
  if (id && !query.data) {
    return (
      <PageFrame route="productDetail">
        {back}
        <Alert color="gray" variant="light" data-testid="product-not-found">
          {t('errors.PRODUCT_NOT_FOUND')}
        </Alert>
      </PageFrame>
    );
  }
  return <ProductEditor key={id ?? 'new'} product={query.data ?? null} shopId={shopId} back={back} />;
}

function ProductEditor({ product, shopId, back }: { product: ProductDetail | null; shopId: ShopId; back: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isNew = product === null;
  const initial = useMemo(
    () => (product ? formFromProduct(product) : emptyForm(VAT_RATES[shopId][0] ?? null)),
    [product, shopId],
  );
  const [form, setForm] = useState<ProductForm>(initial);
  // Images at the seller's URLs appear as the portal fetches them, without touching unsaved edits.
  useMediaFetchLive(product?.id ?? null, (media) => setForm((f) => ({ ...f, media: withFetchFacts(f.media, media) })));
  const [baseline, setBaseline] = useState(() => JSON.stringify(toProductInput(initial)));
  const [tab, setTab] = useState<DetailTab>('basic');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [priceConfirm, setPriceConfirm] = useState<PriceConfirmationNeeded | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const bodyRef = useRef<HTMLDivElement>(null);

  const categoryQuery = useQuery({
    ...categoryDetailQuery(form.categoryId ?? 0),
    enabled: form.categoryId !== null,
  });
  const category = form.categoryId !== null ? (categoryQuery.data ?? null) : null;
  const rules = useMemo(() => categoryRulesOf(category), [category]);
  const forListing = product?.stage === 'LIVE';
  const check = useMemo(
    () => checkForm(form, { shopId, category: rules, forListing }),
    [form, shopId, rules, forListing],
  );
  const dirty = JSON.stringify(toProductInput(form)) !== baseline;
  const currency = MARKETS[shopId].currency;

  const set = (patch: Partial<ProductForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    const keys = Object.keys(patch);
    setTouched((s) => new Set([...s, ...keys, ...(keys.includes('brandName') ? ['brandId'] : [])]));
    setServerIssues((issues) => issues.filter((i) => !keys.includes(i.field.split('.')[0] ?? '')));
  };

  // One message per field: the server's answer first (it knows what the form cannot), then the form's own
  // rules for the fields the seller has touched, or all of them once a save was tried.
  const shownIssues = useMemo(() => {
    const own = check.issues.filter((i) => submitted || touched.has(i.field.split('.')[0] ?? ''));
    return firstPerField([...serverIssues, ...own]);
  }, [check.issues, serverIssues, submitted, touched]);
  const message = (issue: FieldIssue) => t(`validation.${issue.rule}`, issue.params ?? {});
  const err = (field: string): string | undefined => {
    const issue = shownIssues.get(field);
    return issue ? message(issue) : undefined;
  };
  const errPrefix = (prefix: string): string | undefined => {
    for (const [field, issue] of shownIssues) if (field.startsWith(prefix)) return message(issue);
    return undefined;
  };
  const tabIssues = (name: DetailTab) => [...shownIssues.keys()].filter((f) => tabOfField(f) === name).length;

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(bodyRef.current);
  }, [focusRequest]);

  const save = useMutation({
    mutationFn: (forceToken: string | null) =>
      saveProduct(toProductInput(form) as ProductInputVariables, product?.id ?? null, forceToken),
    onSuccess: (saved) => {
      queryClient.setQueryData(['product', saved.id], saved);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['productCounts'] });
      void queryClient.invalidateQueries({ queryKey: ['productErrors'] });
      flash.success(t(isNew ? 'products.detail.created' : 'products.detail.saved', { id: saved.id }));
      const next = formFromProduct(saved);
      setForm(next);
      setBaseline(JSON.stringify(toProductInput(next)));
      setSubmitted(false);
      setTouched(new Set());
      setServerIssues([]);
      if (isNew) {
        void navigate({ to: '/products/detail/{-$id}', params: { id: saved.id }, replace: true, ignoreBlocker: true });
      }
    },
    onError: (error) => {
      if (error instanceof PriceConfirmationNeeded) {
        setPriceConfirm(error);
        return;
      }
      if (error instanceof ApiError && error.fields.length > 0) {
        setServerIssues(error.fields);
        setSubmitted(true);
        setTab(tabOfField(error.fields[0]!.field));
        setFocusRequest((n) => n + 1);
        return;
      }
      // The save bar is at the bottom of a long form: the refusal is also announced where the seller looks.
      flash.error(errorMessage(error, t));
    },
  });

  const submit = () => {
    setSubmitted(true);
    if (check.issues.length > 0) {
      setTab(tabOfField(check.issues[0]!.field));
      setFocusRequest((n) => n + 1);
      return;
    }
    save.mutate(null);
  };

  const canSave = canAccess(session, 'products', isNew ? 'create' : 'update');
  // Without the right the button stays, disabled with the reason (a blocked product says its own above).
  const maySave = usePermission('products', isNew ? 'create' : 'update');
  const variantCodes = form.variableParameters;
  const structureChanged = variantStructureChanged(builtStructure(form, rules), variantParametersOf(form, rules));
  const canGenerate =
    form.id.trim() !== '' &&
    variantCodes.length > 0 &&
    variantCodes.every((code) => (form.variantValues[code] ?? []).length > 0);
  const saveError = save.error && !(save.error instanceof PriceConfirmationNeeded) ? save.error : null;

  return (
    <PageFrame
      route="productDetail"
      heading={isNew ? t('products.detail.newHeading') : check.title || product.id}
      description={
        product ? (
          <Group gap="xs" component="span">
            <span>{product.id}</span>
            <Badge variant="light" color={product.stage === 'LIVE' ? 'green' : 'gray'} data-testid="product-stage">
              {t(`products.detail.stage.${product.stage}`)}
            </Badge>
            <Badge variant="outline" color={product.status === 'ACTIVE' ? 'green' : 'gray'}>
              {t(`products.detail.status.${product.status}`)}
            </Badge>
            {product.hasErrors && (
              <Badge variant="light" color="red">
                {t('products.detail.hasErrors')}
              </Badge>
            )}
          </Group>
        ) : undefined
      }
    >
      {back}
      <UnsavedChangesGuard dirty={dirty && !save.isPending} />
      {product?.blocked && (
        <Alert color="red" variant="light" icon={<IconLock size={18} />} data-testid="product-blocked">
          {t('errors.PRODUCT_BLOCKED')}
          {product.blockedReason ? ` ${product.blockedReason}` : ''}
        </Alert>
      )}
      {saveError && <ErrorAlert error={saveError} />}
      {submitted && shownIssues.size > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="product-issues">
          <Group gap="xs">
            <Text size="sm">{t('products.detail.fixIssues', { count: shownIssues.size })}</Text>
            {TABS.filter((name) => tabIssues(name) > 0).map((name) => (
              <Button key={name} size="compact-xs" variant="subtle" color="red" onClick={() => setTab(name)}>
                {t(`products.detail.tabs.${name}`)} ({tabIssues(name)})
              </Button>
            ))}
          </Group>
        </Alert>
      )}

      <div ref={bodyRef}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as DetailTab)} keepMounted>
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }} mb="md">
            {TABS.map((name) => (
              <Tabs.Tab
                key={name}
                value={name}
                data-testid={`product-tab-${name}`}
                rightSection={
                  tabIssues(name) > 0 ? (
                    <>
                      <Badge size="xs" color="red" circle aria-hidden>
                        {tabIssues(name)}
                      </Badge>
                      <VisuallyHidden>{t('products.detail.tabIssues', { count: tabIssues(name) })}</VisuallyHidden>
                    </>
                  ) : undefined
                }
              >
                {t(`products.detail.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="basic">
            <BasicTab form={form} set={set} err={err} shopId={shopId} isNew={isNew} title={check.title} />
          </Tabs.Panel>
          <Tabs.Panel value="category">
            <CategoryTab
              categoryId={form.categoryId}
              category={category}
              onChange={(categoryId, categoryPath) => {
                if (categoryId === form.categoryId) return;
                // Parameters belong to a category: another category asks for its own.
                set({
                  categoryId,
                  categoryPath,
                  parameters: {},
                  variableParameters: [],
                  variantValues: {},
                  recyclingFeeConfirmed: false,
                });
              }}
              recyclingFeeConfirmed={form.recyclingFeeConfirmed}
              onRecyclingFeeConfirmed={(recyclingFeeConfirmed) => set({ recyclingFeeConfirmed })}
              warnings={check.warnings}
              err={err}
            />
          </Tabs.Panel>
          <Tabs.Panel value="parameters">
            <ParametersTab
              parameters={category?.parameters ?? []}
              values={form.parameters}
              variantCodes={variantCodes}
              onChange={(parameters) => set({ parameters })}
              fieldError={err}
              hasCategory={form.categoryId !== null}
            />
          </Tabs.Panel>
          <Tabs.Panel value="related">
            <RelatedProductsTab
              productId={form.id}
              value={form.recommended}
              onChange={(recommended) => set({ recommended })}
              error={errPrefix('recommended')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="variants">
            <VariantsTab
              parameters={category?.parameters ?? []}
              hasCategory={form.categoryId !== null}
              variableParameters={form.variableParameters}
              variantValues={form.variantValues}
              variants={form.variants}
              media={form.media}
              currency={currency}
              campaignPrices={form.promotions.filter((p) => p.source === 'CAMPAIGN' && p.variantId)}
              onParametersChange={(variableParameters, variantValues) => set({ variableParameters, variantValues })}
              onVariantsChange={(variants) => set({ variants })}
              onGenerate={() => set({ variants: regenerateVariants(form, rules, check.title, priceOf) })}
              structureChanged={structureChanged}
              fieldError={(field) =>
                err(field) ?? (field.endsWith('.id') ? errPrefix(field.replace(/\.id$/, '.parameters')) : undefined)
              }
              canGenerate={canGenerate}
            />
          </Tabs.Panel>
        </Tabs>
      </div>

      {product && (
        <PriceHistorySection
          productId={product.id}
          currency={product.currency}
          variants={product.variants}
          version={String(product.updatedAt)}
        />
      )}

      <Card
        withBorder
        padding="sm"
        radius="md"
        style={{ position: 'sticky', bottom: 0, zIndex: 5 }}
        data-testid="product-save-bar"
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {dirty ? t('products.detail.unsavedHint') : t('products.detail.savedHint')}
          </Text>
          <PermissionGate permission={maySave}>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={submit}
              loading={save.isPending}
              disabled={canSave && product?.blocked === true}
              data-testid="product-save"
            >
              {t(isNew ? 'products.detail.create' : 'products.detail.save')}
            </Button>
          </PermissionGate>
        </Group>
      </Card>

      <Modal
        opened={priceConfirm !== null}
        onClose={() => setPriceConfirm(null)}
        title={t('products.detail.priceConfirm.title')}
        centered
      >
        <Stack gap="md">
          <Text size="sm" data-testid="price-confirm-text">
            {priceConfirm?.percent != null
              ? t('products.detail.priceConfirm.text', { percent: Math.round(priceConfirm.percent) })
              : priceConfirm?.message || t('errors.MPAPI_PRICE_DIFFERENCE_VALIDATION')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPriceConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={() => {
                const token = priceConfirm?.forceToken ?? null;
                setPriceConfirm(null);
                save.mutate(token);
              }}
              data-testid="price-confirm"
            >
              {t('products.detail.priceConfirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
