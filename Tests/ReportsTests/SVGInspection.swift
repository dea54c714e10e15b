import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed SVG file, for tests that check what a chart draws rather than how it spells it.
///
/// Parsing with a real XML parser is itself the well-formedness check: `init` throws on any
/// error, such as an unescaped `&` or `<`.
struct SVGInspection {
    /// One element: its name, attributes, the text directly inside it (entities decoded) and
    /// the text of its `<title>` child, which browsers show as a tooltip.
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
        var tooltip: String?
    }

    /// Every element in document order.
    let elements: [Element]

    /// Why a document could not be parsed.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `svg`.
    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        elements = collector.finished
    }

    /// The root element.
    var root: Element { elements[0] }

    /// The contents of every `<text>` element.
    var texts: [String] { elements.filter { $0.name == "text" }.map(\.text) }

    /// The contents of every `<title>` element: the document title and every tooltip.
    var titles: [String] { elements.filter { $0.name == "title" }.map(\.text) }

    /// Elements named `name`.
    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

    /// Whether `string` is shown somewhere: as a whole text element or as a tooltip (for text
    /// the layout had to shorten).
    func shows(_ string: String) -> Bool {
        texts.contains(string) || titles.contains { $0 == string || $0.contains(string) }
    }

    /// Builds elements from parser callbacks.
    private final class Collector: NSObject, XMLParserDelegate {
        var finished: [Element] = []
        private var open: [(index: Int, text: String)] = []

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            finished.append(Element(name: elementName, attributes: attributes, text: ""))
            open.append((finished.count - 1, ""))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !open.isEmpty else { return }
            open[open.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            let closed = open.removeLast()
            finished[closed.index].text = closed.text
            if elementName == "title", let parent = open.last {
                finished[parent.index].tooltip = closed.text
            }
        }
    }
}
