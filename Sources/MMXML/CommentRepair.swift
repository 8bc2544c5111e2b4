/// XML forbids `--` inside comments, but formconv's suppression comments
/// (`<!-- formconv-disable-next-line rule -- reason -->`) and hand-written forms use it. Before parsing,
/// every `--` inside a comment body becomes `- ` (same length: positions do not move). CDATA is skipped.
/// (The same repair as `DocumentTree.XMLCommentRepair`, which this module does not depend on.)
enum CommentRepair {
    static func repair(_ bytes: [UInt8]) -> [UInt8] {
        let dash = UInt8(ascii: "-"), lt = UInt8(ascii: "<"), bang = UInt8(ascii: "!"), gt = UInt8(ascii: ">")
        var out = bytes
        var i = 0
        var changed = false
        while i + 3 < out.count {
            guard out[i] == lt, out[i + 1] == bang else { i += 1; continue }
            if out[i + 2] == UInt8(ascii: "["), i + 8 < out.count, out[i + 3] == UInt8(ascii: "C") {
                var j = i + 9
                while j + 2 < out.count, !(out[j] == UInt8(ascii: "]") && out[j + 1] == UInt8(ascii: "]") && out[j + 2] == gt) { j += 1 }
                i = j + 3
                continue
            }
            guard out[i + 2] == dash, out[i + 3] == dash else { i += 1; continue }
            var j = i + 4
            while j + 2 < out.count, !(out[j] == dash && out[j + 1] == dash && out[j + 2] == gt) {
                if out[j] == dash && out[j + 1] == dash && out[j + 2] != dash { out[j + 1] = UInt8(ascii: " "); changed = true }
                j += 1
            }
            i = j + 3
        }
        return changed ? out : bytes
    }
}
