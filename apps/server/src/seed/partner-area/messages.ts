import type { MessageDepartment } from '@pp/domain';
import type { DbOrTx } from '../../platform/db/client';
import { conversations, messages } from '../../modules/messages/tables';
import type { DemoIds } from './ids';

interface DemoConversation {
  subject: string;
  department: MessageDepartment;
  closed: boolean;
  /** Days before now the conversation began. */
  daysAgo: number;
  /** Alternating from the partner's first message; `true` marks an operator's answer. */
  thread: [fromOperator: boolean, body: string][];
  /** The partner has not opened the last operator answer yet. */
  unread?: boolean;
}

const CZ_CONVERSATIONS: DemoConversation[] = [
  {
    subject: 'Výplata za březen',
    department: 'FINANCE',
    closed: false,
    daysAgo: 1,
    thread: [
      [false, 'Dobrý den, výplata za březen nám zatím nedorazila. Můžete prosím ověřit stav?'],
      [true, 'Dobrý den, výplata byla odeslána včera, na účtu ji uvidíte do dvou pracovních dnů.'],
    ],
    unread: true,
  },
  {
    subject: 'Chyba v XML importu produktů',
    department: 'TECH',
    closed: false,
    daysAgo: 2,
    thread: [
      [false, 'Import hlásí neznámou kategorii u 12 produktů, i když kategorie existuje. Děkujeme za kontrolu.'],
    ],
  },
  {
    subject: 'Vrácené zboží bez dokladu',
    department: 'RMA',
    closed: false,
    daysAgo: 3,
    thread: [
      [false, 'Zákazník vrátil zboží bez dokladu o koupi. Jak máme postupovat?'],
      [true, 'Číslo objednávky najdete na štítku balíku. Vrácení prosím zpracujte podle něj.'],
      [false, 'Děkujeme, štítek jsme našli.'],
    ],
  },
  {
    subject: 'Zapojení do vánoční kampaně',
    department: 'MARKETING',
    closed: false,
    daysAgo: 5,
    thread: [
      [false, 'Rádi bychom zařadili 40 produktů do vánoční kampaně. Jaké jsou podmínky?'],
      [true, 'Podmínky najdete v sekci Marketing. Přihlášky přijímáme do konce října.'],
    ],
  },
  {
    subject: 'Svoz MALL Delivery v sobotu',
    department: 'MALL_DELIVERY',
    closed: true,
    daysAgo: 9,
    thread: [
      [false, 'Je možné objednat svoz i v sobotu?'],
      [true, 'Sobotní svoz zatím nenabízíme, nejbližší je v pondělí ráno.'],
    ],
  },
  {
    subject: 'Změna kontaktní osoby pro logistiku',
    department: 'LOGISTICS',
    closed: true,
    daysAgo: 12,
    thread: [
      [false, 'Od příštího měsíce přebírá logistiku kolega Novák. Stačí ho přidat do kontaktů?'],
      [true, 'Ano, stačí ho přidat v záložce Kontakty s rolí Logistika.'],
      [false, 'Hotovo, děkujeme.'],
    ],
  },
  {
    subject: 'Provize v kategorii Zahrada',
    department: 'SALES',
    closed: false,
    daysAgo: 14,
    thread: [[false, 'Platí snížená provize v kategorii Zahrada i pro sezónní zboží?']],
  },
  {
    subject: 'Dotaz zákazníka na záruku',
    department: 'CALLCENTRUM',
    closed: true,
    daysAgo: 20,
    thread: [
      [false, 'Zákazník se ptá na prodlouženou záruku u sekaček. Můžete mu předat naše podmínky?'],
      [true, 'Předáno, zákazník je spokojen.'],
    ],
  },
  {
    subject: 'Fakturační adresa na faktuře',
    department: 'FINANCE',
    closed: true,
    daysAgo: 26,
    thread: [
      [false, 'Na poslední faktuře je stará fakturační adresa.'],
      [true, 'Adresu jsme opravili, opravná faktura vám přijde e-mailem.'],
    ],
  },
  {
    subject: 'Schůzka ke čtvrtletnímu plánu',
    department: 'MANAGER',
    closed: false,
    daysAgo: 30,
    thread: [
      [false, 'Můžeme se sejít ke čtvrtletnímu plánu příští týden?'],
      [true, 'Určitě, navrhuji úterý v 10:00 online.'],
      [false, 'Úterý nám vyhovuje.'],
      [true, 'Pozvánku jsem odeslal.'],
    ],
    unread: true,
  },
  {
    subject: 'Limit API pro dostupnosti',
    department: 'TECH',
    closed: true,
    daysAgo: 41,
    thread: [
      [false, 'Narážíme na denní limit API u dostupností. Je možné ho navýšit?'],
      [true, 'Převedli jsme vás na tarif Standard, limit je nyní dvojnásobný.'],
    ],
  },
  {
    subject: 'Nabídka dopravy zdarma',
    department: 'MARKETING',
    closed: false,
    daysAgo: 55,
    thread: [[false, 'Můžeme nabídnout dopravu zdarma jen pro vybrané produkty?']],
  },
];

const DAY_MS = 24 * 60 * 60_000;
const REPLY_GAP_MS = 3 * 60 * 60_000;

/** The Czech demo shop's conversations with the marketplace: opened and closed, answered and waiting. */
export async function seedMessages(tx: DbOrTx, ids: DemoIds): Promise<void> {
  const now = Date.now();
  for (const demo of CZ_CONVERSATIONS) {
    const start = now - demo.daysAgo * DAY_MS;
    const times = demo.thread.map((_, i) => new Date(start + i * REPLY_GAP_MS));
    const last = times.at(-1)!;
    const [conversation] = await tx
      .insert(conversations)
      .values({
        partnerId: ids.cz,
        subject: demo.subject,
        department: demo.department,
        state: demo.closed ? 'closed' : 'opened',
        createdBy: ids.partnerAcc,
        created: times[0]!,
        lastMessageAt: last,
        closedAt: demo.closed ? new Date(last.getTime() + REPLY_GAP_MS) : null,
      })
      .returning({ id: conversations.id });
    await tx.insert(messages).values(
      demo.thread.map(([fromOperator, body], i) => {
        const isLast = i === demo.thread.length - 1;
        const opened = !(demo.unread && isLast) && (fromOperator || !isLast || demo.closed);
        return {
          conversationId: conversation!.id,
          partnerId: ids.cz,
          authorId: fromOperator ? ids.admin : ids.partnerAcc,
          fromOperator,
          body,
          created: times[i]!,
          openedAt: opened ? new Date(times[i]!.getTime() + REPLY_GAP_MS / 2) : null,
          openedBy: opened ? (fromOperator ? ids.partnerAcc : ids.admin) : null,
        };
      }),
    );
  }
}
