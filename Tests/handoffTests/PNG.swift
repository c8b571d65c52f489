/// A small PNG reader for the screenshot test: 8-bit RGB or RGBA, not interlaced — what headless
/// Chromium writes. Inflate follows RFC 1951 the way zlib's `puff.c` does.
enum PNG {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Image {
        var width: Int
        var height: Int
        /// 0xRRGGBB per pixel, row by row (alpha dropped: the page is opaque).
        var pixels: [UInt32]
    }

    static func decode(_ bytes: [UInt8]) throws -> Image {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else {
            throw Failure(description: "not a PNG")
        }
        var at = 8
        var width = 0
        var height = 0
        var channels = 0
        var idat: [UInt8] = []
        func u32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8
                | Int(bytes[i + 3])
        }
        while at + 8 <= bytes.count {
            let length = u32(at)
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = at + 8
            guard data + length <= bytes.count else { throw Failure(description: "truncated") }
            switch type {
            case "IHDR":
                width = u32(data)
                height = u32(data + 4)
                let depth = bytes[data + 8]
                let colour = bytes[data + 9]
                guard depth == 8, colour == 2 || colour == 6, bytes[data + 12] == 0 else {
                    throw Failure(description: "unsupported PNG (depth \(depth), colour \(colour))")
                }
                channels = colour == 6 ? 4 : 3
            case "IDAT": idat += bytes[data..<(data + length)]
            default: break
            }
            at = data + length + 4
        }
        guard width > 0, height > 0, idat.count > 2 else { throw Failure(description: "no image") }
        var inflater = Inflater(Array(idat.dropFirst(2)))  // the zlib header
        let raw = try inflater.run()
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure(description: "short data") }
        var previous = [UInt8](repeating: 0, count: stride)
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            var row = Array(raw[(start + 1)..<(start + 1 + stride)])
            for i in 0..<stride {
                let a = i >= channels ? Int(row[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let add: Int
                switch filter {
                case 0: add = 0
                case 1: add = a
                case 2: add = b
                case 3: add = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    add = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "bad filter \(filter)")
                }
                row[i] = UInt8((Int(row[i]) + add) & 0xFF)
            }
            for x in 0..<width {
                let p = x * channels
                pixels.append(UInt32(row[p]) << 16 | UInt32(row[p + 1]) << 8 | UInt32(row[p + 2]))
            }
            previous = row
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// DEFLATE decoding.
    struct Inflater {
        let source: [UInt8]
        var position = 0
        var buffer = 0
        var count = 0
        var out: [UInt8] = []

        init(_ source: [UInt8]) { self.source = source }

        struct Huffman {
            var counts = [Int](repeating: 0, count: 16)
            var symbols: [Int]

            init(_ lengths: [Int]) {
                symbols = [Int](repeating: 0, count: lengths.count)
                for l in lengths { counts[l] += 1 }
                var offsets = [Int](repeating: 0, count: 16)
                for l in 1..<15 { offsets[l + 1] = offsets[l] + counts[l] }
                for (s, l) in lengths.enumerated() where l != 0 {
                    symbols[offsets[l]] = s
                    offsets[l] += 1
                }
            }
        }

        static let lengthBase = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
            115,
            131, 163, 195, 227, 258,
        ]
        static let lengthExtra = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ]
        static let distanceBase = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
            1537,
            2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        static let distanceExtra = [
            0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
            12,
            13, 13,
        ]

        mutating func bits(_ need: Int) throws -> Int {
            var value = buffer
            while count < need {
                guard position < source.count else { throw Failure(description: "out of input") }
                value |= Int(source[position]) << count
                position += 1
                count += 8
            }
            buffer = value >> need
            count -= need
            return value & ((1 << need) - 1)
        }

        mutating func decode(_ h: Huffman) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                code |= try bits(1)
                let n = h.counts[length]
                if code - n < first { return h.symbols[index + (code - first)] }
                index += n
                first = (first + n) << 1
                code <<= 1
            }
            throw Failure(description: "bad code")
        }

        mutating func run() throws -> [UInt8] {
            var last = 0
            repeat {
                last = try bits(1)
                switch try bits(2) {
                case 0: try stored()
                case 1: try codes(Self.fixed.0, Self.fixed.1)
                case 2: try dynamic()
                default: throw Failure(description: "bad block type")
                }
            } while last == 0
            return out
        }

        mutating func stored() throws {
            buffer = 0
            count = 0
            guard position + 4 <= source.count else { throw Failure(description: "short stored") }
            let length = Int(source[position]) | Int(source[position + 1]) << 8
            position += 4
            guard position + length <= source.count else { throw Failure(description: "short") }
            out += source[position..<(position + length)]
            position += length
        }

        static let fixed: (Huffman, Huffman) = {
            var lengths = [Int](repeating: 8, count: 288)
            for s in 144..<256 { lengths[s] = 9 }
            for s in 256..<280 { lengths[s] = 7 }
            return (Huffman(lengths), Huffman([Int](repeating: 5, count: 30)))
        }()

        mutating func dynamic() throws {
            let nlen = try bits(5) + 257
            let ndist = try bits(5) + 1
            let ncode = try bits(4) + 4
            let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
            var lengths = [Int](repeating: 0, count: 19)
            for i in 0..<ncode { lengths[order[i]] = try bits(3) }
            let codeCode = Huffman(lengths)
            var all: [Int] = []
            while all.count < nlen + ndist {
                let symbol = try decode(codeCode)
                switch symbol {
                case 0..<16: all.append(symbol)
                case 16:
                    guard let previous = all.last else { throw Failure(description: "bad repeat") }
                    all += [Int](repeating: previous, count: 3 + (try bits(2)))
                case 17: all += [Int](repeating: 0, count: 3 + (try bits(3)))
                default: all += [Int](repeating: 0, count: 11 + (try bits(7)))
                }
            }
            try codes(Huffman(Array(all[0..<nlen])), Huffman(Array(all[nlen..<(nlen + ndist)])))
        }

        mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
            while true {
                var symbol = try decode(lengths)
                if symbol < 256 {
                    out.append(UInt8(symbol))
                    continue
                }
                if symbol == 256 { return }
                symbol -= 257
                guard symbol < 29 else { throw Failure(description: "bad length") }
                let length = Self.lengthBase[symbol] + (try bits(Self.lengthExtra[symbol]))
                let d = try decode(distances)
                guard d < 30 else { throw Failure(description: "bad distance") }
                let distance = Self.distanceBase[d] + (try bits(Self.distanceExtra[d]))
                guard distance <= out.count else { throw Failure(description: "too far back") }
                let from = out.count - distance
                for k in 0..<length { out.append(out[from + k]) }
            }
        }
    }
}
