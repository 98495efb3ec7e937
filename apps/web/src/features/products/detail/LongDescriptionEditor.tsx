import '@mantine/tiptap/styles.css';
import { LONG_DESC_MAX } from '@pp/domain';
import { Input, Text } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** An empty editor gives "<p></p>": that is no description. */
export function normalizeHtml(html: string): string {
  return html === '<p></p>' ? '' : html;
}

/**
 * The long description as rich text: only what the server's allow-list keeps (paragraphs, bold, italic,
 * underline, lists, headings 2–4, links). The server sanitises whatever arrives; the counter counts the
 * HTML, as the 13,000 limit does.
 */
export function LongDescriptionEditor({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      Link.configure({ openOnClick: false, HTMLAttributes: { rel: 'nofollow noopener' } }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => onChange(normalizeHtml(e.getHTML())),
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
  });

  // A product loaded (or saved) after the editor started brings its own description. An editor the page has
  // already torn down (a live refresh remounting the form) has no schema left to read: it is left alone.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalizeHtml(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const e = (key: string) => t(`products.detail.editor.${key}`);
  const labels = {
    boldControlLabel: e('bold'),
    italicControlLabel: e('italic'),
    underlineControlLabel: e('underline'),
    h2ControlLabel: e('h2'),
    h3ControlLabel: e('h3'),
    h4ControlLabel: e('h4'),
    bulletListControlLabel: e('bulletList'),
    orderedListControlLabel: e('orderedList'),
    linkControlLabel: e('link'),
    unlinkControlLabel: e('unlink'),
    linkEditorInputLabel: e('linkUrl'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorExternalLink: e('linkExternal'),
    linkEditorInternalLink: e('linkInternal'),
    linkEditorSave: e('linkSave'),
  };

  return (
    <Input.Wrapper
      label={<span id={labelId}>{t('products.detail.fields.longDesc')}</span>}
      error={error}
      description={t('products.detail.counter', { count: value.length, max: LONG_DESC_MAX })}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <RichTextEditor editor={editor} labels={labels} data-testid="product-long-desc">
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {value.length > LONG_DESC_MAX && (
        <Text size="xs" c="red" mt={4}>
          {t('validation.max', { 0: LONG_DESC_MAX })}
        </Text>
      )}
    </Input.Wrapper>
  );
}
