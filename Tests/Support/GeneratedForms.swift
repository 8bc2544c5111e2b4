/// Forms made up on the spot, in the shape of `bench/generate.py`'s stress form, for tests that need
/// a large input without committing one.
public enum GeneratedForms {
    /// An MM XML form of `items` items (about 170 bytes each: 2,000 items are some 340 KB), each with
    /// a label, in groups of 50. `firstLabel` replaces the first item's label text (unescaped: a test
    /// may put markup there).
    public static func mmxml(items: Int, firstLabel: String = "Label of item 0") -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<form formPrefix=\"Generated\">\n  <page name=\"page0\">\n"
        for i in 0..<items {
            if i % 50 == 0 { xml += (i == 0 ? "" : "    </group>\n") + "    <group name=\"group\(i / 50)\">\n" }
            let label = i == 0 ? firstLabel : "Label of item \(i)"
            xml += "      <item name=\"item\(i)\" type=\"textField\">\n        <label>\(label)</label>\n"
                + "        <maxlength>80</maxlength>\n      </item>\n"
        }
        return xml + "    </group>\n  </page>\n</form>\n"
    }
}
