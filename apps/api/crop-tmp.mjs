import sharp from 'sharp';
const [,, src, out, top='0', h='1000'] = process.argv;
const m = await sharp(src).metadata();
await sharp(src).extract({left:0, top:+top, width:m.width, height:Math.min(+h, m.height-+top)}).toFile(out);
console.log(m.width, m.height);
