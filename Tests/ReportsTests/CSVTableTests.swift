import Testing
@testable import Reports

@Suite("CSVTable")
struct CSVTableTests {
    @Test("quotes fields with commas, quotes and line breaks, doubling inner quotes")
    func quotesExactBytes() {
        let table = CSVTable(header: ["name", "note"], rows: [
            ["plain", "a,b"],
            ["say \"hi\"", "line 1\nline 2"],
            ["carriage", "a\rb"],
            [" spaced ", ""],
        ])
        #expect(table.rendered() == """
            name,note
            plain,"a,b"
            "say ""hi\""","line 1
            line 2"
            carriage,"a\rb"
             spaced ,

            """)
    }

    @Test("writes the header alone for an empty table")
    func headerOnly() {
        #expect(CSVTable(header: ["server", "requests"]).rendered() == "server,requests\n")
    }

    @Test("appends rows in order")
    func appendsInOrder() {
        var table = CSVTable(header: ["n"])
        for n in [3, 1, 2] { table.append([String(n)]) }
        #expect(table.rendered() == "n\n3\n1\n2\n")
    }

    @Test("leaves fields that need no quoting unchanged", arguments: ["abc", "3333", "", "ü ünïcode"])
    func leavesPlainFields(field: String) {
        #expect(CSVTable.escape(field) == field)
    }
}
