import HandoffCore
import Yams

/// Loads scenes from YAML (or JSON) text. Nothing is loaded when anything is wrong.
package struct SceneLoader {
    let file: String
    let text: String

    package init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// Parses the whole file into a scene value, then validates the value (`SceneValidator`);
    /// the first problem is thrown with its position in the file.
    package func load() throws(SceneError) -> Scene {
        let root: Yams.Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw fail(nil, "the file is empty")
            }
            root = node
        } catch let e as SceneError {
            throw e
        } catch let e as YamlError {
            throw yamlError(e)
        } catch {
            throw fail(nil, ErrorMessage.text(.unreadable(.yaml, reason: "\(error)")))
        }
        var map = SourceMap()
        var scene = try topLevel(root, &map)
        if let issue = SceneValidator.validate(scene).first {
            throw issue.error(file: file, map: map)
        }
        // Conditions name nodes: they are read against the valid scene.
        scene.gestures = try gestures(of: root, scene)
        if case .mapping(let m) = root, let on = m.first(where: { $0.key.string == "on" })?.value {
            scene.reactions = try reactions(on, graph: SceneGraph(scene))
        }
        return scene
    }

    /// Records where a place of the scene value was written.
    func note(_ map: inout SourceMap, _ path: [Int], _ field: ScenePlace.Field, _ mark: Mark?) {
        guard let mark else { return }
        map[ScenePlace(path, field)] = (mark.line, mark.column)
    }

    // MARK: Scene

    func topLevel(_ root: Yams.Node, _ map: inout SourceMap) throws(SceneError) -> Scene {
        var name = Paths.stem(of: file) ?? "scene"
        var window = Point(390, 844)
        var touch: Point?
        var nodes: [HandoffCore.Node]?
        var settings: [(key: String, value: String)] = []
        let entries = try mapping(root, "a scene")
        note(&map, [], .node, root.mark)
        // A file that is no scene at all (a password file, a log) is said to be so, and none of
        // its text is quoted: error messages end up in CI logs.
        if !entries.isEmpty, !entries.contains(where: { SceneKeys.top.contains($0.key) }) {
            throw fail(
                root.mark,
                "not a scene file: none of its top-level keys is a scene key (\(SceneKeys.top.joined(separator: ", ")))"
            )
        }
        for (key, mark, _) in entries where !SceneKeys.top.contains(key) {
            throw unknownKey(key, mark, allowed: SceneKeys.top, in: "the scene")
        }
        // Key order never matters (SPEC §2): read each key in one fixed order.
        for wanted in SceneKeys.top {
            for (key, _, value) in entries where key == wanted {
                switch key {
                case "name": name = try word(value, "name")
                case "window":
                    let w = try numbers(value, "window", count: 2)
                    window = Point(w[0], w[1])
                    note(&map, [], .window, value.mark)
                case "touch":
                    let t = try numbers(value, "touch", count: 2)
                    touch = Point(t[0], t[1])
                    note(&map, [], .touch, value.mark)
                case "root":
                    var list: [HandoffCore.Node] = []
                    for (i, item) in try sequence(value, "root").enumerated() {
                        list.append(try node(item, path: [i], parent: nil, &map))
                    }
                    nodes = list
                case "settings": settings = try self.settings(value)
                case "on":
                    // Read once the scene is valid (`load`): its rules name its nodes.
                    continue
                default: continue
                }
            }
        }
        guard let nodes else { throw fail(root.mark, "a scene needs 'root:' with its nodes") }
        return Scene(name: name, window: window, touch: touch, root: nodes, settings: settings)
    }

    func settings(_ value: Yams.Node) throws(SceneError) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        for (k, kmark, v) in try mapping(value, "settings") {
            guard SettingKeys.keys.contains(k) else {
                throw unknownKey(k, kmark, allowed: SettingKeys.keys, in: "settings")
            }
            let text = try word(v, k)
            do {
                _ = try Setting(key: k, value: text, fail: Setting.sceneError)
            } catch {
                throw fail(v.mark, error.message)
            }
            out.append((k, text))
        }
        return out
    }
}
