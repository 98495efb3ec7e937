import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Empty paragraphs at the end are no text: an empty editor gives "<p></p>", and the starter kit keeps one after
 * a closing list (its trailing node, added on the first click), which must neither make a form look changed
 * nor be saved as a blank line.
 */
export function normalizeHtml(html: string): string {
  return html.replace(/(<p><\/p>)+$/, '');
}

/**
 * A text field of formatted paragraphs (bold, italic, underline, lists; with `rich`, headings 2–4 and links as
 * well), whatever it describes: the product's long description, the partner page's "about the shop". The server
 * sanitises whatever arrives; the field shows what its allow-list keeps. `labels` names the translations of the
 * toolbar's buttons (`<labels>.bold` …).
 */
export function RichTextField({
  value,
  onChange,
  error,
  label,
  description,
  labels,
  rich = false,
  minHeight,
  testId,
  children,
}: {
  value: string;
  onChange: (html: string) => void;
  error?: string;
  label: ReactNode;
  description: ReactNode;
  labels: string;
  rich?: boolean;
  minHeight?: number;
  testId: string;
  /** Shown under the field (a limit's message, say). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: rich ? { levels: [2, 3, 4] } : false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
      ...(rich ? [Link.configure({ openOnClick: false, HTMLAttributes: { rel: 'nofollow noopener' } })] : []),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => onChange(normalizeHtml(e.getHTML())),
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
  });

  // A value loaded (or saved) after the editor started replaces what it holds. An editor the page has already
  // torn down (a live refresh remounting the form) has no schema left to read: it is left alone.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalizeHtml(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const e = (key: string) => t(`${labels}.${key}`);
  return (
    <Input.Wrapper
      label={<span id={labelId}>{label}</span>}
      error={error}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <RichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: e('bold'),
          italicControlLabel: e('italic'),
          underlineControlLabel: e('underline'),
          bulletListControlLabel: e('bulletList'),
          orderedListControlLabel: e('orderedList'),
          ...(rich
            ? {
                h2ControlLabel: e('h2'),
                h3ControlLabel: e('h3'),
                h4ControlLabel: e('h4'),
                linkControlLabel: e('link'),
                unlinkControlLabel: e('unlink'),
                linkEditorInputLabel: e('linkUrl'),
                linkEditorInputPlaceholder: 'https://',
                linkEditorExternalLink: e('linkExternal'),
                linkEditorInternalLink: e('linkInternal'),
                linkEditorSave: e('linkSave'),
              }
            : {}),
        }}
        data-testid={testId}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          {rich && (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          {rich && (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
      {children}
    </Input.Wrapper>
  );
}
