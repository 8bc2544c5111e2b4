extension String {
    /// The text as diagnostics quote it: whole when short, else its first `limit` characters and the
    /// count of the rest, so that a 100 KB input value never becomes a 100 KB message.
    public func excerpt(limit: Int = 80) -> String {
        // No more bytes than `limit`, no more characters: counted only when the bytes are more.
        guard utf8.count > limit, count > limit else { return self }
        return "\(prefix(limit))… (\(count - limit) more characters)"
    }
}
