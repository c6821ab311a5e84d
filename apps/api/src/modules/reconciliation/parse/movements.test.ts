import type { StatementMapping } from "@rifazo/shared";
import { statementMappingSchema } from "@rifazo/shared";
import { describe, expect, it } from "vitest";
import { SIGNED_AMOUNT_MAPPING } from "../../../../test/statement-fixtures";
import { detectMapping, parseMovements, readStatementFile, type StatementGrid } from ".";

// Detection from a statement's words and values, and reading its rows strictly by the mapping: every row
// under the header is a movement, left out on purpose (counted) or a problem shown with its cells.

function grid(text: string): Promise<StatementGrid> {
  return readStatementFile(Buffer.from(text), "movimientos.csv");
}

const BASE: StatementMapping = SIGNED_AMOUNT_MAPPING;

describe("detectMapping", () => {
  it("finds the header under the account lines, by words in any case and accents", async () => {
    const g = await grid(
      [
        "BANCO EJEMPLO;;;;;",
        "Nro. de cuenta: 0191-0000-00-0000000000;;;;;",
        "Fecha de emisión: 05/03/2024;;;;;",
        ";;;;;",
        "FECHA VALOR;NRO. REF.;CONCEPTO;DEBE;HABER;SALDO",
        "13/02/2024;001234;Pago;;1.500,00;2.500,00",
      ].join("\n"),
    );
    const { mapping, questions } = detectMapping(g);
    expect(questions).toEqual([]);
    expect(mapping).toEqual({
      headerRow: 4,
      hasHeader: true,
      date: 0,
      reference: 1,
      description: 2,
      amount: null,
      credit: 4,
      debit: 3,
      type: null,
      dateOrder: "DMY",
      decimal: ",",
      encoding: "utf-8",
      delimiter: ";",
    });
    expect(statementMappingSchema.safeParse(mapping).success).toBe(true);
  });

  it.each([
    [["Fecha", "Referencia", "Descripción", "Monto"], { reference: 1, description: 2, amount: 3 }],
    [["Fecha/Hora", "Documento", "Detalle", "Importe Bs."], { reference: 1, description: 2, amount: 3 }],
    [
      ["Tipo", "Fecha", "Descripcion", "Ref.", "Monto (Bs)", "Saldo"],
      { date: 1, reference: 3, description: 2, amount: 4 },
    ],
    [
      ["Fecha", "Número", "Observación", "Débito/Crédito", "Monto"],
      { reference: 1, description: 2, amount: 4 },
    ],
    [
      ["fecha operacion", "N° Referencia", "Crédito", "Saldo disponible"],
      { reference: 1, description: null, credit: 2, debit: null },
    ],
    [
      ["Fecha", "Cargos", "Abonos", "Nro Documento", "Concepto"],
      { reference: 3, description: 4, credit: 2, debit: 1 },
    ],
    [
      [
        "F. Operación",
        "F. Valor",
        "Código",
        "Concepto",
        "Observaciones",
        "Nro. Operación",
        "Importe",
        "Balance",
      ],
      { reference: 5, description: 3, amount: 6 },
    ],
  ])("reads the header %j", async (header, expected) => {
    const { mapping } = detectMapping(await grid(`${header.join(";")}\n`));
    expect(mapping).toMatchObject({ date: 0, headerRow: 0, ...expected });
  });

  it("without a header: no mapping and a question", async () => {
    const { mapping, questions } = detectMapping(
      await grid("01/02/2024;123;Pago;1,00\n02/02/2024;124;Pago;2,00\n"),
    );
    expect(mapping).toBeNull();
    expect(questions).toEqual([expect.stringMatching(/No encontramos la fila de títulos/)]);
  });

  it("unsigned amounts beside a debit/credit type column: the type column says which are credits", async () => {
    const text = "Fecha;Referencia;Tipo;Monto\n13/02/2024;1;C;10,00\n13/02/2024;2;D;5,00\n";
    const typed = await grid(text);
    const { mapping, questions } = detectMapping(typed);
    expect(questions).toEqual([]);
    expect(mapping).toMatchObject({ amount: 3, type: 2, credit: null });
    expect(parseMovements(typed, mapping as StatementMapping).movements).toMatchObject([
      { reference: "1", amount: 10 },
    ]);
    // Type values that say neither: nothing proposed, and why.
    const unknown = detectMapping(await grid(text.replace(";C;", ";X;").replace(";D;", ";Y;")));
    expect(unknown.mapping).toBeNull();
    expect(unknown.questions).toEqual([expect.stringMatching(/^Los montos no tienen signo/)]);
    // Signed amounts need no type.
    const signed = detectMapping(await grid(text.replace(";5,00", ";-5,00")));
    expect(signed.mapping).toMatchObject({ amount: 3, credit: null, type: null });
  });

  it("without a reference column: no mapping and a question", async () => {
    const { mapping, questions } = detectMapping(
      await grid("Fecha;Descripción;Monto\n01/02/2024;Pago;1,00\n"),
    );
    expect(mapping).toBeNull();
    expect(questions).toEqual([expect.stringMatching(/columna de la referencia/)]);
  });

  it("month-first dates are proved by a second part over 12; ISO dates need no question", async () => {
    const mdy = await grid("Fecha;Ref;Monto\n02/01/2024;1;1,00\n02/13/2024 10:15;2;2,00\n");
    expect(detectMapping(mdy).mapping?.dateOrder).toBe("MDY");
    const iso = await grid("Fecha;Ref;Monto\n2024-02-01;1;1,00\n2024-02-13T10:15:00;2;2,00\n");
    expect(detectMapping(iso)).toMatchObject({ mapping: { dateOrder: "YMD" }, questions: [] });
  });

  it("dates that could be either: day first, and a question to confirm", async () => {
    const { mapping, questions } = detectMapping(
      await grid("Fecha;Ref;Monto\n02/01/2024;1;1,50\n03/04/2024;2;2,00\n"),
    );
    expect(mapping?.dateOrder).toBe("DMY");
    expect(questions).toEqual([expect.stringMatching(/«02\/01\/2024».*día\/mes o como mes\/día/)]);
  });

  it("amounts that could be either: decimal comma, and a question to confirm", async () => {
    const { mapping, questions } = detectMapping(
      await grid("Fecha;Ref;Monto\n13/01/2024;1;1.500\n14/01/2024;2;2.000\n"),
    );
    expect(mapping?.decimal).toBe(",");
    expect(questions).toEqual([expect.stringMatching(/«1\.500».*coma o con punto decimal/)]);
  });

  it("a decimal point is proved by the amounts, or by the balance when the amounts prove nothing", async () => {
    const dot = await grid('Fecha,Ref,Monto,Saldo\n13/01/2024,1,"1,500","10,250.75"\n');
    expect(detectMapping(dot)).toMatchObject({ mapping: { decimal: "." }, questions: [] });
    // A balance written otherwise (a number cell beside text amounts) does not overrule clear amounts.
    const clear = await grid("Fecha;Ref;Monto;Saldo\n13/01/2024;1;1.500,25;10250.75\n");
    expect(detectMapping(clear)).toMatchObject({ mapping: { decimal: "," }, questions: [] });
  });

  it("mixed separators or orders: the majority, and a question", async () => {
    const mixed = await grid(
      "Fecha;Ref;Monto\n13/01/2024;5501;1.234,56\n01/14/2024;7312;1,234.56\n15/01/2024;1029;7,50\n",
    );
    const { mapping, questions } = detectMapping(mixed);
    expect(mapping).toMatchObject({ dateOrder: "DMY", decimal: "," });
    expect(questions).toHaveLength(2);
  });
});

describe("parseMovements", () => {
  it("reports each unreadable row with its grid row, its cells and why", async () => {
    const g = await grid(
      [
        "Cuenta 0134",
        "Fecha;Referencia;Descripción;Monto",
        "01/02/2024;111;Bien;1.234,56",
        "31/02/2024;112;Fecha imposible;10,00",
        "02/02/2024;;Sin referencia;10,00",
        "02/02/2024;113;Monto en formato inglés;1,234.56",
        "02/02/2024;3.46E+10;Referencia destruida;10,00",
        "02/02/2024;114;Sin monto;",
        "fecha rara;115;Fecha y monto;USD 10",
        "03/02/2024;116;Bien;Bs. 20,00",
        "45323;117;Fecha sin formato;1,00",
      ].join("\n"),
    );
    const { movements, problems, skipped } = parseMovements(g, { ...BASE, headerRow: 1 });
    expect(movements.map((m) => [m.row, m.reference, m.amount, m.referenceDamaged])).toEqual([
      [2, "111", 1234.56, false],
      // A reference a spreadsheet damaged: imported flagged, never matched automatically.
      [6, "3.46E+10", 10, true],
      [9, "116", 20, false],
    ]);
    expect(skipped).toBe(0);
    expect(problems).toEqual([
      {
        row: 3,
        cells: ["31/02/2024", "112", "Fecha imposible", "10,00"],
        message: "La fecha «31/02/2024» no es válida como día/mes/año.",
      },
      { row: 4, cells: ["02/02/2024", "", "Sin referencia", "10,00"], message: "Falta la referencia." },
      {
        row: 5,
        cells: ["02/02/2024", "113", "Monto en formato inglés", "1,234.56"],
        message: "El monto «1,234.56» no se puede leer con coma decimal (1.234,56).",
      },
      { row: 7, cells: ["02/02/2024", "114", "Sin monto", ""], message: "Falta el monto." },
      {
        row: 8,
        cells: ["fecha rara", "115", "Fecha y monto", "USD 10"],
        message: "El monto «USD 10» no está en bolívares.",
      },
      {
        row: 10,
        cells: ["45323", "117", "Fecha sin formato", "1,00"],
        message: expect.stringMatching(/^La fecha «45323» es un número de serie de Excel/),
      },
    ]);
  });

  it("skips blank lines, debits, totals and balance lines and a repeated header, and counts them", async () => {
    const g = await grid(
      [
        "Fecha;Referencia;Descripción;Monto;Saldo",
        "01/02/2024;;SALDO ANTERIOR;;1.000,00",
        "01/02/2024;201;Pago móvil;500,00;1.500,00",
        "",
        "01/02/2024;202;Comisión;-0,30;1.499,70",
        "01/02/2024;203;Transferencia;(100,00);1.399,70",
        "01/02/2024;204;Pago;50,00-;1.349,70",
        "Fecha;Referencia;Descripción;Monto;Saldo",
        "02/02/2024;205;TOTAL PAGO RIFA;Bs. 10,00;1.359,70",
        "02/02/2024;206;Reverso;0,00;1.359,70",
        ";;Continuación de la descripción;;",
        "Total créditos;;;510,00;",
        "Saldo final;;;;1.359,70",
        "Cantidad de movimientos: 6;;;;",
      ].join("\r\n"),
    );
    const { movements, problems, skipped } = parseMovements(g, BASE);
    expect(problems).toEqual([]);
    expect(movements.map((m) => [m.row, m.reference, m.description, m.amount])).toEqual([
      [2, "201", "Pago móvil", 500],
      [8, "205", "TOTAL PAGO RIFA", 10],
    ]);
    expect(skipped).toBe(11);
  });

  it("with credit and debit columns imports only credits, and refuses a row with both", async () => {
    const g = await grid(
      [
        "Fecha;Referencia;Débito;Crédito",
        "01/02/2024;301;;1.000,00",
        "01/02/2024;302;25,00;",
        "01/02/2024;303;25,00;1,00",
        "01/02/2024;304;;",
        "01/02/2024;305;;-3,00",
      ].join("\n"),
    );
    const mapping = { ...BASE, description: null, amount: null, debit: 2, credit: 3 };
    const { movements, problems, skipped } = parseMovements(g, mapping);
    expect(movements.map((m) => [m.reference, m.amount, m.description])).toEqual([["301", 1000, ""]]);
    expect(skipped).toBe(1);
    expect(problems.map((p) => [p.row, p.message])).toEqual([
      [3, "La fila tiene crédito y débito a la vez."],
      [4, "La fila no tiene monto de crédito ni de débito."],
      [5, "El crédito «-3,00» es negativo."],
    ]);
    // Only the credit column mapped: a row without a credit is someone else's debit.
    const creditOnly = parseMovements(g, { ...mapping, debit: null });
    expect(creditOnly.movements).toHaveLength(2);
    expect(creditOnly.skipped).toBe(2);
  });

  it("reads dates strictly in the mapped order, with times, two-digit years and month names", async () => {
    const g = await grid(
      [
        "Fecha;Referencia;Descripción;Monto",
        "5/2/2024;1;;1,00",
        "05-02-24 14:35;2;;1,00",
        "2024-02-05 08:00:00;3;;1,00",
        "05/02/2024 2:05:09 p. m.;4;;1,00",
        "05-feb-2024;5;;1,00",
        "05.02.2024;6;;1,00",
        "13/02/2024;7;;1,00",
      ].join("\n"),
    );
    const dmy = parseMovements(g, BASE);
    expect(dmy.movements.map((m) => m.date)).toEqual([
      "2024-02-05",
      "2024-02-05",
      "2024-02-05",
      "2024-02-05",
      "2024-02-05",
      "2024-02-05",
      "2024-02-13",
    ]);
    const mdy = parseMovements(g, { ...BASE, dateOrder: "MDY" });
    expect(mdy.movements.map((m) => m.date)).toEqual([
      "2024-05-02",
      "2024-05-02",
      "2024-02-05",
      "2024-05-02",
      "2024-02-05",
      "2024-05-02",
    ]);
    expect(mdy.problems.map((p) => [p.row, p.message])).toEqual([
      [7, "La fecha «13/02/2024» no es válida como mes/día/año."],
    ]);
    const ymd = parseMovements(g, { ...BASE, dateOrder: "YMD" });
    expect(ymd.movements.map((m) => m.reference)).toEqual(["3", "5"]);
    expect(ymd.problems).toHaveLength(5);
  });

  it("reads amounts strictly by the mapped decimal separator", async () => {
    const amounts = [
      "1.234,56",
      "Bs. 1.234,56",
      "1.234,56 Bs",
      "VES 1234,56",
      "Bs.S 1.234,56",
      "1 234,56",
      "+1.234,56",
      "1.234.567,8",
      "1234",
      "1.234",
    ];
    const text = [
      "Fecha;Referencia;Descripción;Monto",
      ...amounts.map((a, i) => `01/02/2024;${i};;${a}`),
    ].join("\n");
    const comma = parseMovements(await grid(text), BASE);
    expect(comma.problems).toEqual([]);
    expect(comma.movements.map((m) => m.amount)).toEqual([
      1234.56, 1234.56, 1234.56, 1234.56, 1234.56, 1234.56, 1234.56, 1234567.8, 1234, 1234,
    ]);
    const dot = parseMovements(await grid(text), { ...BASE, decimal: "." });
    // Only the plain integer reads with a decimal point; "1.234" would be 1,234 Bs with a third decimal.
    expect(dot.movements.map((m) => m.amount)).toEqual([1234]);
    expect(dot.problems).toHaveLength(9);
    expect(dot.problems.at(-1)?.message).toBe(
      "El monto «1.234» tiene más de dos decimales: revisa el separador decimal, que ahora es punto decimal (1,234.56).",
    );
    expect(dot.problems[0]?.message).toBe(
      "El monto «1.234,56» no se puede leer con punto decimal (1,234.56).",
    );
  });

  it("normalises references like a buyer's and keeps the raw text", async () => {
    const g = await grid(
      [
        "Fecha;Referencia;Descripción;Monto",
        '="01/02/2024";="00123456";;="1,00"',
        "01/02/2024;Ref 0012 3456;;1,00",
        "01/02/2024;'0099;;1,00",
      ].join("\n"),
    );
    const { movements } = parseMovements(g, BASE);
    expect(movements.map((m) => [m.reference, m.referenceRaw])).toEqual([
      ["00123456", '="00123456"'],
      ["Ref00123456", "Ref 0012 3456"],
      ["0099", "'0099"],
    ]);
  });

  it("tolerates short rows and a mapping past the end of the grid", async () => {
    const g = await grid("Fecha;Referencia;Monto\n01/02/2024;1\n");
    expect(parseMovements(g, { ...BASE, description: 7, amount: 2 }).problems).toEqual([
      { row: 1, cells: ["01/02/2024", "1"], message: "Falta el monto." },
    ]);
    expect(parseMovements(g, { ...BASE, headerRow: 40 })).toEqual({
      movements: [],
      problems: [],
      skipped: 0,
    });
  });
});
