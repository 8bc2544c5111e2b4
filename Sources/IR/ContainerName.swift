/// How pages and sections are named in losses and in `formconv diff`: the id, else the title in
/// double quotes, else the position (`page 2`, `page 2 section 1`).
public enum ContainerName {
    /// The name of `page`, the `index`-th of its form (0-based).
    public static func page(_ page: Page, at index: Int) -> String {
        of(id: page.id, title: page.title, fallback: "page \(index + 1)")
    }

    /// The name of `section`, the `index`-th (0-based) of the page named `page`.
    public static func section(_ section: Section, at index: Int, onPage page: String) -> String {
        of(id: section.id, title: section.title, fallback: "\(page) section \(index + 1)")
    }

    /// The id when it is not empty, else the title's default text in double quotes, else `fallback`.
    public static func of(id: String?, title: LocalizedText?, fallback: String) -> String {
        if let id, !id.isEmpty { return id }
        if let t = title?.defaultText, !t.isEmpty { return "\"\(t)\"" }
        return fallback
    }
}
