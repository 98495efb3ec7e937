import '@mantine/tiptap/styles.css';
import { PARTNER_PAGE } from '@pp/domain';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Empty paragraphs at the end are no text: an empty editor gives "<p></p>", and the starter kit keeps one
 * after a closing list (its trailing node, added on the first click), which must neither make the page
 * look changed nor be saved as a blank line.
 */
const normalize = (html: string) => html.replace(/(<p><\/p>)+$/, '');

/**
 * "About the shop" as a few formatted paragraphs: bold, italic, underline and lists. No headings (the page has
 * its own), no links (the page's links are the fields below it, checked one by one). The counter counts the
 * HTML, as the server's limit does.
 */
export function DescriptionEditor({
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
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        link: false,
      }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => onChange(normalize(e.getHTML())),
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
  });

  // The saved page (after a save, the server's sanitised text) replaces what the editor holds.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalize(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const e = (key: string) => t(`partnerPage.editor.${key}`);
  return (
    <Input.Wrapper
      label={<span id={labelId}>{t('partnerPage.fields.description')}</span>}
      error={error}
      description={t('partnerPage.counter', { count: value.length, max: PARTNER_PAGE.descriptionMax })}
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
        }}
        data-testid="partner-page-description"
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
