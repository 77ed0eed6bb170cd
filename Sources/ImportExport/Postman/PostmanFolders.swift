import RequestModel

/// Request items placed in nested Postman folders by their group path (`Folder/Sub`), folders
/// in the order their first request comes, requests in order within each.
enum PostmanFolders {
    struct Item {
        var group: [String]
        var node: JSONNode
    }

    static func items(_ items: [Item]) -> [JSONNode] {
        var tree = Folder(name: "")
        for item in items { tree.insert(item.node, at: item.group[...]) }
        return tree.children.map(\.node)
    }

    private indirect enum Child {
        case request(JSONNode)
        case folder(Folder)

        var node: JSONNode {
            switch self {
            case .request(let node): node
            case .folder(let folder): ["name": .string(folder.name), "item": .array(folder.children.map(\.node))]
            }
        }
    }

    private struct Folder {
        var name: String
        var children: [Child] = []

        mutating func insert(_ node: JSONNode, at path: ArraySlice<String>) {
            guard let first = path.first else {
                children.append(.request(node))
                return
            }
            let index = children.firstIndex { child in
                if case .folder(let folder) = child { return folder.name == first }
                return false
            } ?? {
                children.append(.folder(Folder(name: first)))
                return children.count - 1
            }()
            guard case .folder(var folder) = children[index] else { return }
            folder.insert(node, at: path.dropFirst())
            children[index] = .folder(folder)
        }
    }
}
